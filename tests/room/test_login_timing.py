"""An unknown name costs what a wrong password costs (cardhall.people.accounts._verify): the hash
an unknown name is checked against has the parameters of the hasher that makes real ones."""

from __future__ import annotations

from cardhall.people import accounts


def test_the_unknown_names_hash_has_the_hashers_parameters() -> None:
    assert not accounts._hasher.check_needs_rehash(accounts._DUMMY)
    assert accounts._hasher.verify(accounts._DUMMY, "a password nobody has")


def test_an_unknown_name_is_refused_after_the_same_check() -> None:
    real = accounts._hasher.hash("a password")
    assert accounts._verify(real, "a password")
    assert not accounts._verify(real, "another")
    assert not accounts._verify(None, "a password nobody has")  # the dummy's own password: still refused
