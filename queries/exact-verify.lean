{{prefix}}theorem {{probeName}}{{signature}} := by
  {{tactic}}

#print axioms {{probeName}}
