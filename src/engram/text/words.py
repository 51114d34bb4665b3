"""Stop words and generic memory words for English, Russian, Spanish and Japanese.

Stop words are dropped everywhere. Generic memory words (``rule``, ``knowledge``, ``память``…)
are kept in documents but never become query anchors: a query made only of them must load
nothing (SPEC A3). Both lists are compared in their surface (lower-cased) form and, for generic
words, also after stemming so that inflected forms (``правила``, ``reglas``) are caught.
"""

from __future__ import annotations

# Words are split at apostrophes ("I've" is "i" and "ve"): what follows the apostrophe of a
# contraction is a stop word too (a query's "I've been thinking" otherwise matched every turn
# that says "I've"). Not "re" ("you're"): it is also a word of its own, Python's `re` module.
STOP_EN = frozenset(
    """
a about above after again against all also am an and any are as at be because been before
being below between both but by can could did do does doing done down during each either else
etc every few for from further get gets got had has have having he her here hers herself him
himself his how however i if in into is it its itself just let like made make makes me might
more most must my myself need needs no nor not now of off on once only or other our ours
ourselves out over own please same shall she should so some such than that the their theirs
them themselves then there these they this those through thus to too under until up upon us
very via was way we were what when where which while who whom whose why will with within without
would yet you your yours yourself yourselves want wants help something anything everything
into onto lets i'm it's don't can't won't isn't aren't
ve ll didn doesn isn wasn weren aren hasn haven hadn couldn wouldn shouldn mustn needn
""".split()
)

STOP_RU = frozenset(
    """
а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже
для до его ее её если есть еще ещё же за здесь и из или им их к как какая какой когда кто ли
либо между меня мне можно мой мы на над надо наш не него нее неё нет ни них но ну о об однако
он она они оно от очень по под после потом при про раз с сам себе себя со так также такой там
те тем то того тоже только том тот ту ты у уже хотя чего чей чем что чтобы чье чья эта эти это
этого этой этом этот я нужно пожалуйста сделать как-то мой моя мои свой своя свои
""".split()
)

STOP_ES = frozenset(
    """
a al algo algunas algunos ante antes como con contra cual cuales cuando de del desde donde
dos el ella ellas ellos en entre era eran es esa esas ese eso esos esta estas este esto estos
fue fueron ha hace hacer han hasta hay la las le les lo los más mas me mi mis mucho muy nada
ni no nos nosotros o os otra otras otro otros para pero poco por porque que qué quien quienes
se sea ser si sí sin sobre solo son su sus también tambien te tiene tienen todo todos tu tus
un una unas uno unos usted ustedes y ya yo favor por_favor cómo como dónde cuándo quién
quiénes cuál cuáles él está están estás
""".split()
)

# Kanji/katakana words too common in Japanese prompts to anchor on (the tokenizer leaves out
# particles, a kanji's kana ending and `HIRAGANA_GRAMMAR` already).
STOP_JA = frozenset(
    ["場合", "以下", "以上", "今回", "全部", "全て", "方法", "使用", "利用", "お願"]
)

# Pieces of a run of hiragana cut at its particles (`tokenize`) that are grammar, not words:
# endings of verbs and adjectives, the copula, auxiliaries, pronouns and adverbs of degree.
HIRAGANA_GRAMMAR = frozenset(
    """
ます ました ません ましょう ませんでした だ だった だろう でしょう である ある あります ありました
ありません あった いる います いました いません いない いなかった いた ない なかった なく なる
なります なりました なった する します しました しません した して しない しなかった しよう
される された させる させた れる られる られた ください ちょうだい ている ています ていた
ていました ていない てる てい ておく てある てしまう ちゃう じゃない しています していた
していました している してください しておく よう ような ように そう こと もの ため ところ
など だけ ほど くらい ぐらい ずつ ばかり けど けれど けれども また まだ もう よく すぐ
ちょっと いつ いつも これ それ あれ どれ ここ そこ あそこ どこ こちら そちら どちら あの
この どの こう ああ どう だれ なに なん なんで どうして いい よい たい たく たかった
ほしい つもり はず みたい らしい ので のに って という といった について として によって
いう いった あり なし おり おります なっている なってる なっています なってい ていません
しかし そして それから ただし および また でも だから なので それで けれども ところで さて
できる できます できない できた できません できれば ありがとう ありがとうございます
ございます おねがいします よろしく たまに とき ときどき ちょっと すこし たくさん もっと
ついて よって おいて とって くらい ぐらい です でした では ではない ではなく ではありません
じゃない じゃなく じゃありません ありません ない なく なかった
""".split()
)

STOP_WORDS = STOP_EN | STOP_RU | STOP_ES | STOP_JA

GENERIC_EN = frozenset(
    """
agent agents approved content context durable engram example examples future knowledge memory
memories rule rules skill skills task tasks touch type types use used uses using note notes
""".split()
)
GENERIC_RU = frozenset(
    """
агент агенты агента правило правила правил знание знания знаний память памяти навык навыки
навыков задача задачи контекст пример примеры использовать тип типа заметка
""".split()
)
GENERIC_ES = frozenset(
    """
agente agentes regla reglas conocimiento conocimientos memoria memorias habilidad habilidades
tarea tareas contexto ejemplo ejemplos usar uso tipo tipos nota notas
""".split()
)
GENERIC_JA = frozenset(
    [
        "ルール",
        "スキル",
        "知識",
        "メモリ",
        "メモリー",
        "記憶",
        "ナレッジ",
        "エージェント",
        "タスク",
        "コンテキスト",
        "規則",
    ]
)
GENERIC_WORDS = GENERIC_EN | GENERIC_RU | GENERIC_ES | GENERIC_JA
# Every stem a generic word is indexed under (English and Spanish stems of the Latin words,
# Russian stems of the Cyrillic ones, the Japanese words as they are), so that inflected forms
# are generic too. Written out because stemming the list costs more than routing a query, on
# every hook call; `test_generic_stems_are_the_stems_of_the_generic_words` keeps it in step.
GENERIC_STEMS = frozenset(
    """
agent agents approv conoc conocimiento content context contexto durabl ejempl ejemplo engram
exampl futur habil habilidad knowledg memori memoria memory not nota note regl regla rul rule
skill skills tar tare tarea task tasks tip tipo touch type types usar use used uses using uso
агент задач заметк знан использова контекст навык памя памят прав пример тип
エージェント コンテキスト スキル タスク ナレッジ メモリ メモリー ルール 知識 規則 記憶
""".split()
)

# Words that ask for procedures. They are generic (never anchors alone) but steer ranking to
# skill memories, where `workflow` files are stored (SPEC A3).
WORKFLOW_WORDS = frozenset(["workflow", "workflows", "ワークフロー", "воркфлоу", "flujo"])

# Words of a request for advice ("any suggestions?", "do you think…", "I'm not sure which to
# choose") say what the asker wants, not what it is about: search leaves them out of a query
# that has other words (`engram.store.ranking.topic_terms`), or "I'm thinking of a cocktail,
# any suggestions?" finds every turn that asked for suggestions before it finds the cocktails.
REQUEST_EN = frozenset(
    """
advice advise idea ideas recommend recommendation recommendations suggest suggestion suggestions
think thinking tip tips wonder wondering sure choose
""".split()
)
REQUEST_ES = frozenset(
    """
consejo consejos idea ideas recomendar recomiendas recomienda recomendación recomendaciones
sugerir sugieres sugerencia sugerencias
""".split()
)
REQUEST_RU = frozenset(
    """
совет советы посоветуй посоветуйте порекомендуй рекомендация рекомендации идея идеи думаю
""".split()
)
# Their stems, each in its own language's stemmer, written out as GENERIC_STEMS is;
# `test_request_stems_are_the_stems_of_the_request_words` keeps it in step.
REQUEST_STEMS = frozenset(
    """
advic advis choos consej ide idea recomend recomiend recommend suger sugerent suggest sugier sure
think tip wonder дума ид иде порекоменд посовет рекомендац совет
""".split()
)

# Words hinting that a Latin-script text is Spanish rather than English; used to pick a stemmer.
SPANISH_MARKERS = frozenset(
    """
el la los las de del que y en para con una un por es son se al como más pero sus este esta
cuando donde siempre nunca antes después usar debe deben hay
""".split()
)
ENGLISH_MARKERS = frozenset(
    """
the and of to in for with is are be this that on by as it always never before after should
must when use from an or not
""".split()
)
