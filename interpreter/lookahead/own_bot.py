"""A bot of one's own at play: its mistakes reported as its own, at its own line (BotError),
never as the engine's, and never as a run that ends without a word (a bot's `sys.exit`).
Which bots may be loaded at all is agents.py's (`own_bot_class`, `TrustedSpec`)."""

from __future__ import annotations


def bot_location(error: BaseException) -> str:
    """`file:line` of the innermost frame of a traceback: where a bot's own code went wrong."""
    trace = error.__traceback__
    where = "?"
    while trace is not None:
        where = f"{trace.tb_frame.f_code.co_filename}:{trace.tb_lineno}"
        trace = trace.tb_next
    return where


class BotError(Exception):
    """A bot of one's own raised an error or gave an answer that is no option, at its own location."""


def bot_failure(error: BaseException, doing: str) -> BotError:
    """The BotError of a bot's code that raised `error` (or called `sys.exit`, which would end
    the whole run without a word) while `doing` what it was asked, at the bot's own line."""
    if isinstance(error, SystemExit):
        return BotError(f"{bot_location(error)}: the bot called sys.exit({error.code!r}) ({doing}): a bot "
                        "answers with an option's index and never ends the run")
    return BotError(f"{bot_location(error)}: {type(error).__name__}: {error} ({doing})")


class OwnBot:
    """A bot of one's own, whose mistakes are reported as its own (BotError, at its line), not
    as the engine's. It chooses with the full decision (never blind)."""

    blind = False

    def __init__(self, bot):
        self.bot = bot
        self.name = getattr(bot, "name", type(bot).__name__)
        self.looks_ahead = getattr(bot, "looks_ahead", False)

    def choose(self, decision) -> int:
        try:
            answer = self.bot.choose(decision)
        except (Exception, SystemExit) as error:  # noqa: BLE001 - the bot's own code: its mistake, reported at its line
            raise bot_failure(error, f"in the bot {self.name}") from None
        if type(answer) is not int or not 0 <= answer < len(decision.options):
            raise BotError(f"the bot {self.name} answered {answer!r}: an option's index, 0 to {len(decision.options) - 1}, was asked")
        return answer
