"""How deep the property tests dig: two Hypothesis profiles.

- `ci`, the default (every `pytest` run and `bash .ci/run`): a quarter of the examples;
- `deep` (`bash .ci/run --deep`, or `HYPOTHESIS_PROFILE=deep`, or pytest's
  `--hypothesis-profile=deep`): the full depth, as many examples as before the profiles.

A test without a count of its own runs the profile's `max_examples` (100 under `deep`,
Hypothesis's default). A test that sets its own count writes `max_examples=examples(N)`: N under
`deep`, the loaded profile's share of N otherwise.
"""

from __future__ import annotations

import os

from hypothesis import settings

DEEP_EXAMPLES = 100  # Hypothesis's own default
CI_EXAMPLES = 25
FEWEST = 5  # no count is scaled below this

settings.register_profile("deep", max_examples=DEEP_EXAMPLES)
# No deadline in CI: on a shared 2-core machine a slow example is the machine, not the code.
settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def examples(deep: int) -> int:
    """A test's example count: `deep` under the deep profile, the loaded profile's share of it
    otherwise (read when the test module is imported, after pytest has loaded the profile)."""
    share = settings().max_examples / DEEP_EXAMPLES
    return max(min(FEWEST, deep), round(deep * share))
