#print axioms {{name}}
