"""House rules that formats compose with (Minions & Masters)."""
