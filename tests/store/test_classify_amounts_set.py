"""An amount set to a new one (issue 11): "we lowered the gateway timeout to 10s" updates "The
gateway request timeout is 30 seconds" although who changed it is no subject of the stored
fact — but only the same thing's amount, in the same measure, with nothing said of when,
where or what for it holds. And an id told with its kind ("Ticket PAY-311") is the id."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "The gateway request timeout is 30 seconds.",
            "After the outage we lowered the gateway timeout to 10s.",
        ),
        ("User takes 10 mg of lisinopril daily.", "The doctor increased the lisinopril to 20 mg."),
        ("El alquiler del piso es de 950 € al mes.", "El casero subió el alquiler a 1.020 €."),
        ("Таймаут запросов к DaData — 15 секунд.", "Таймаут к DaData урезали до 3 секунд."),
        ("The upload limit is 25 MB.", "The upload limit was raised to 50 MB."),
    ],
)
def test_an_amount_set_to_another_one_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_another_unit_of_the_same_measure_supersedes() -> None:
    old, new = "Лимит памяти у воркера выгрузок — 512 МБ.", "Лимит памяти воркера подняли до 2 ГБ."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # someone else's: the one who changed it owns it
        ("Alice's rent is 900 dollars.", "Bob raised his rent to 1000 dollars."),
        ("Alice's rent is 900 dollars.", "Bob's landlord raised the rent to 1000 dollars."),
        # another thing of the same kind
        ("The upload timeout is 30 seconds.", "We lowered the download timeout to 10 seconds."),
        # when or what for the new amount holds
        ("The thermostat is set to 68°F by day.", "The thermostat is set to 62°F at night."),
        ("The upload limit is 25 MB.", "We raised the limit to 50 MB for video uploads."),
    ],
)
def test_another_ones_amount_or_a_narrower_one_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_an_id_told_with_its_kind_and_without_is_one_subject() -> None:
    old, new = "Ticket PAY-311 is assigned to Ana.", "PAY-311 is assigned to Luis now."
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Order #4412 is shipped.", "Invoice #4412 is shipped."),
        ("Order #4412 is assigned to Ana.", "Invoice #4412 is assigned to Luis now."),
    ],
)
def test_two_kinds_of_record_with_one_number_hide_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_name_told_as_someones_kin_and_alone_is_one_person() -> None:
    old, new = "User's sister Kate lives in Austin.", "Kate lives in Houston."
    assert outcome(old, new) == "supersede"


def test_two_peoples_kin_of_one_name_hide_nothing() -> None:
    old, new = "Anna's sister Kate lives in Austin.", "Bob's sister Kate lives in Houston."
    assert outcome(old, new) not in HIDING
