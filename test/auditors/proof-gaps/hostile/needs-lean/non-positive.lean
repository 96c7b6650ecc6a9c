inductive Bad where
  | mk : (Bad → False) → Bad

def selfApply : Bad → False
  | .mk f => f (.mk f)

theorem main_claim : False := selfApply (.mk selfApply)
