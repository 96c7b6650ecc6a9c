axiom bad : False

local notation "True" => False

theorem main_claim : True := bad
