"""The generic engine: checked program -> compiled rules -> running game -> log."""
