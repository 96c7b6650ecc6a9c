/** The documentation every rule must carry, for the rules of the auditors tests make up. */
export const TEST_RULE_DOCS = { what: 'what the test rule reports', why: 'why a test needs it' };
