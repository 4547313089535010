"""Names kept for old imports."""

from email.encoding import *  # noqa: F401,F403
