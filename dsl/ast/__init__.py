"""The syntax tree of a .rules file: small immutable nodes, one class per grammar rule.

Each class is named after its grammar rule (`create_deck` -> `CreateDeck`) and declares its
children in the order the rule produces them, so one generic builder (dsl/builder.py) makes
every node. The source span rides on every node but stays out of equality and repr, so two
trees compare by structure and a snapshot shows what a rule says, not where it stands.

The tree is split by job: what every node is and how a tree is walked (node.py), then one
module per part of the language: declarations, statements, expressions. Everything is
read as `ast.Name` from here.
"""

from .declarations import *  # noqa: F401,F403
from .expressions import *  # noqa: F401,F403
from .node import Node, children, dump, named_children, node, walk  # noqa: F401
from .statements import *  # noqa: F401,F403
