"""The running game: the state, its operations and built-ins, the compiled rules loaded for play, and the driven game of the public API."""
