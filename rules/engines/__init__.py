"""Executable reference implementations of the games in the seeds, behind one protocol.

>>> from puthi.rules.engines import registry
>>> sorted(registry.names())  # doctest: +SKIP
['bisti', 'dashguti', 'klaverjas', 'klaverjas-rotterdam', 'schnapsen', 'sixtysix']
"""
