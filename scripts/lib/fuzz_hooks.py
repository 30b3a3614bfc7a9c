"""Schemathesis hooks for scripts/fuzz-ci.sh (loaded through SCHEMATHESIS_HOOKS).

Every request claims its own client address (X-Forwarded-For, which the app trusts in that run: TRUST_PROXY=true),
so that the per-IP limits on sign-in, codes and sign-up do not turn most of those operations into 429s and leave the
logic behind them untested. Per-account limits still apply. The addresses come from a counter: runs stay
reproducible with their seed.
"""

import itertools

import schemathesis

_addresses = itertools.count(1)


def _next_address() -> str:
    n = next(_addresses)
    # 10.0.0.0/8 holds 16 million addresses: far more than a run sends requests.
    return f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"


@schemathesis.hook
def before_call(context, case, kwargs):
    case.headers = {**(case.headers or {}), "X-Forwarded-For": _next_address()}
