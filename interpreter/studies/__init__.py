"""Studies of many games: simulate, report, compare, the statistics behind them, and game logs with their replay."""
