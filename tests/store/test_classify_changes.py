"""News told with a verb of change in the forms people use: "we raised" ("subimos"), "he
raised" ("поднял"), "scaled", a fee raised for someone ("Al usuario le subieron la cuota"),
and where one has settled (issue 11)."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "El límite de la API es de 100 peticiones por minuto.",
            "Subimos el límite de la API a 200 peticiones por minuto.",
        ),
        (
            "Аренда стоит 50 000 рублей в месяц.",
            "Хозяин поднял аренду до 55 000 рублей в месяц.",
        ),
        (
            "Prod runs 6 replicas of checkout-service.",
            "We scaled checkout-service in prod to 10 replicas.",
        ),
        (
            "La cuota del gimnasio del usuario es de 40 euros al mes.",
            "Al usuario le subieron la cuota del gimnasio a 45 euros al mes.",
        ),
        ("El sueldo de Marta es de 2000 euros.", "A Marta le subieron el sueldo a 2200 euros."),
        ("Omar lives in Dublin.", "Omar has settled in Cork these days."),
    ],
)
def test_an_amount_or_a_home_changed_in_any_form_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "El límite de la API es de 100 peticiones por minuto.",
            "Subimos el límite de subida de ficheros a 200 MB.",
        ),
        ("El sueldo de Marta es de 2000 euros.", "A Pedro le subieron el sueldo a 2200 euros."),
        (
            "Prod runs 6 replicas of checkout-service.",
            "We scaled the search service to 10 replicas.",
        ),
    ],
)
def test_another_amount_changed_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING
