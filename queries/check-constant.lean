#check @{{name}}
