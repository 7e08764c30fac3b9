"""Optional parts of cardhall and the extra that installs each.

The plain install (`pip install cardhall`) plays, serves the room and runs the bots; the arena's
plots need Matplotlib (`plots`), the RL environments PettingZoo and Gymnasium (`envs`), the
arena on a cluster Ray (`ray`). A command that needs a part that is not installed says which
extra brings it, before it does any work.
"""

from __future__ import annotations

import importlib

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg


class MissingExtra(CardhallError):
    """A command needs an optional part that is not installed."""


def require(module: str, extra: str, purpose: str) -> None:
    """Raise `MissingExtra` naming `extra` when `module` cannot be imported. `purpose` is a
    message id (marked with `N_`) saying what needs it, e.g. "the arena's plots"."""
    try:
        importlib.import_module(module)
    except ImportError:
        raise MissingExtra(Msg(N_("{purpose} need the {extra} extra, which is not installed ({module} is missing): "
                                  "pip install \"cardhall[{extra}]\""),
                               purpose=Msg(purpose), extra=extra, module=module)) from None


PLOTS = N_("the arena's plots")
"""What needs the `plots` extra (Matplotlib)."""


def require_plots() -> None:
    """Matplotlib for `--plot`, `ladder-plot` and the worked example's curves."""
    require("matplotlib", "plots", PLOTS)
