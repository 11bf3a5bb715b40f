"""Rules -> Python: the code generator and the analyses only it uses (what asks, what a rule reaches, what a proc owns, which procs are pure)."""
