"""Updates the absorb classifier reads in more forms (issue 11): a record's status settled
where it was open, in four languages; a claim told as no longer so where Russian has no verb
and Japanese says "もう…ない"; Japanese verbs of a value raised, lowered, extended or renamed,
and "現在" (currently) as "now". And one verb in two tenses is no duplicate."""

from __future__ import annotations

import pytest

from tests.store.pairs import HIDING, outcome


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Ticket #4512 status: open.", "Ticket #4512 status: resolved."),
        ("Тикет 482 открыт.", "Тикет 482 закрыт."),
        ("Статус тикета 7731: в работе.", "Статус тикета 7731: закрыт."),
        ("チケット#4521は対応中", "チケット#4521はクローズされた"),
        ("問い合わせ#3021のステータス：対応中。", "問い合わせ#3021のステータス：解決済み。"),
    ],
)
def test_a_records_status_settled_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Тикет 482 закрыт.", "Тикет 482 открыт."),  # opened again, told as no news
        ("Тикет #4471 закрыт.", "Тикет #4472 закрыт."),
        ("障害チケットOPS-771はクローズ済み", "障害チケットOPS-778はクローズ済み"),
        ("山田さんは対応中", "山田さんは完了"),  # no record
        ("3番の窓口は対応中", "3番の窓口は終了"),  # a counter, no record
        ("PR #12 is open.", "PR #12 is approved."),  # approved, still open
    ],
)
def test_a_status_of_another_record_or_opened_again_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Пользователь вегетарианец.", "Пользователь больше не вегетарианец."),
        ("Маша замужем.", "Маша больше не замужем."),
        ("ユーザーはベジタリアン。", "ユーザーはもうベジタリアンではない。"),
        ("ユーザーはコーヒーを飲む。", "ユーザーはもうコーヒーを飲まない。"),
    ],
)
def test_a_claim_told_as_no_longer_so_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Пользователь вегетарианец.", "Пользователь не вегетарианец."),
        ("ユーザーはベジタリアン。", "ユーザーはベジタリアンではない。"),
    ],
)
def test_a_plain_denial_still_contradicts(old: str, new: str) -> None:
    assert outcome(old, new) == "contradict"


def test_no_longer_so_of_someone_else_hides_nothing() -> None:
    assert outcome("Маша замужем.", "Оля больше не замужем.") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("家賃は月8万5千円。", "更新で家賃が月9万円に上がった。"),
        (
            "APIのレート制限は毎分60リクエスト。",
            "APIのレート制限が毎分120リクエストに引き上げられた。",
        ),
        ("本番のKafkaは3.6だ。", "本番のKafkaを3.7に上げた。"),
        ("提案書の締め切りは11月15日", "提案書の締め切りが11月22日に延長された"),
        ("ユーザーの体重は68kg。", "ユーザーの体重は現在64kg。"),
        ("田中さんはGoogleで働いています。", "田中さんは現在Metaで働いています。"),
    ],
)
def test_a_japanese_value_raised_extended_or_current_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


def test_a_japanese_value_of_another_thing_raised_hides_nothing() -> None:
    assert outcome("家賃は月8万5千円。", "駐車場代が月1万円に上がった。") not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Diego: mando el informe el viernes.", "Diego: el informe ya lo mandé el viernes."),
        ("Pago la luz el día 5.", "Pagué la luz el día 5."),
    ],
)
def test_a_thing_done_is_no_duplicate_of_it_to_do(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


def test_a_spanish_fact_reworded_in_the_same_tense_is_still_a_duplicate() -> None:
    assert outcome("Mando el informe el viernes.", "El informe lo mando el viernes.") == "duplicate"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("デフォルトブランチはmaster。", "デフォルトブランチをmainに改名した。"),
        ("事務所は渋谷にある。", "事務所は5月から恵比寿に移転した。"),
        ("プロジェクトはNode.js 16を使っている。", "プロジェクトをNode.js 20に上げた。"),
        ("子どもの就寝時間は21時。", "子どもの就寝時間を21時半にした。"),
    ],
)
def test_a_japanese_topic_set_to_another_value_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーは東京に住んでいる。", "ユーザーを課長にした。"),  # a value with a verb in it
        ("長女の就寝時間は21時。", "次女の就寝時間を21時半にした。"),  # another topic
        ("田中歯科は駅前にある。", "田中歯科は今月から土曜休診になった。"),  # where it is stays
        ("会議は水曜です。", "会議を木曜に変更する予定。"),  # a plan
    ],
)
def test_a_japanese_topic_set_otherwise_hides_nothing(old: str, new: str) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    "new",
    [
        "ユーザーはもうコーヒーを飲まないでほしい。",  # a wish
        "ユーザーはもうコーヒーを飲んではいけない。",  # a rule
        "ユーザーはもうコーヒーを飲まないわけではない。",  # not that it stopped
        "ユーザーはもうコーヒーを飲まないかもしれません。",
        "ユーザーはもうコーヒーを飲まないようにする。",
        "ユーザーはもうコーヒーを飲まないのか。",
        "ユーザーはもうコーヒーを飲まないとのこと。",
    ],
)
def test_japanese_no_longer_wished_ruled_or_hedged_hides_nothing(new: str) -> None:
    assert outcome("ユーザーはコーヒーを飲む。", new) not in HIDING


@pytest.mark.parametrize(
    "new",
    ["ユーザーはもうコーヒーを飲みません。", "ユーザーはもう東京に住んでいない。"],
)
def test_japanese_no_longer_told_plainly_or_politely_supersedes(new: str) -> None:
    old = "ユーザーは東京に住んでいる。" if "東京" in new else "ユーザーはコーヒーを飲む。"
    assert outcome(old, new) == "supersede"


@pytest.mark.parametrize(
    "new",
    ["2020年現在、ユーザーの体重は64kg。", "2019年4月現在、ユーザーの体重は64kg。",
     "入院時現在、ユーザーの体重は64kg。"],
)  # fmt: skip
def test_japanese_as_of_a_date_is_no_now(new: str) -> None:
    assert outcome("ユーザーの体重は68kg。", new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("提案書の締め切りは11月15日", "提案書の締め切りを11月22日に延長してほしい"),  # a wish
        ("API制限は毎分60件。", "API制限を毎分120件に引き上げる案がある"),  # a proposal
        ("サーバーの温度は40度。", "サーバーの温度が60度に上がったらアラート"),  # a condition
        ("本番のKafkaは3.6だ。", "ステージングのKafkaを3.7に上げた。"),  # another environment
        ("家賃は月8万5千円", "隣の部屋の家賃が月9万円に上がった"),  # another holder
        ("ユーザーの体重は68kg。", "ユーザーの目標体重は現在64kg。"),  # another attribute
        ("チームの人数は5人。", "現在、別チームの人数は7人"),  # another team
        ("田中さんはGoogleで働いています。", "田中さんは現在、Metaでも働いています"),  # also
    ],
)
def test_a_japanese_change_of_something_else_or_not_yet_made_hides_nothing(
    old: str, new: str
) -> None:
    assert outcome(old, new) not in HIDING


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("本番のKafkaは3.6だ。", "本番のKafkaを3.7に上げた。"),
        ("ユーザーの上司は山田課長。", "4月の異動で、ユーザーの上司は松本部長になった。"),
        ("私の主治医は鈴木先生です。", "私の新しい主治医は高橋先生です。"),
    ],
)
def test_a_japanese_change_of_the_same_topic_still_supersedes(old: str, new: str) -> None:
    assert outcome(old, new) == "supersede"
