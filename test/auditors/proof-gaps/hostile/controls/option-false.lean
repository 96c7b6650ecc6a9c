set_option debug.byAsSorry false
set_option warn.sorry true
set_option debug.skipKernelTC false

theorem fine : 1 + 1 = 2 := rfl
