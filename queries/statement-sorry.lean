{{statement}} := by
  sorry
