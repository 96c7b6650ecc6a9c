set_option maxHeartbeats {{maxHeartbeats}} in
theorem {{probeName}}{{signature}} := by
  exact?
