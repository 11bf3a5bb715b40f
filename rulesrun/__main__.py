"""`python -m rulesrun ...` is `rulesrun ...`, for when the script is not on PATH."""

from .cli.entry import main

if __name__ == "__main__":
    main(prog_name="rulesrun")
