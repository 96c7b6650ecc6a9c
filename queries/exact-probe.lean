set_option maxHeartbeats {{maxHeartbeats}} in
{{prefix}}theorem {{probeName}}{{signature}} := by
  exact?
