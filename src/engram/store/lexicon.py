"""Word lists the absorb classifier reads, in English, Russian and Spanish.

They are data, not logic: `parse.py` uses them to find who a fact is about, where its predicate
starts and what marks an update; `classify.py` decides with the result. Every list was grown
against the dev half of the labelled pairs in `benchmarks/data/` and is measured on the test
half, which no change here may look at.

Words are compared in their normalised form (NFKC, casefold, ё → е).
"""

from __future__ import annotations

# Negations: a fact with an odd number of these states the opposite of one without.
NEGATIONS = frozenset(
    """
not no never none nobody nothing neither nor cannot can't don't doesn't didn't isn't aren't
wasn't weren't won't wouldn't shouldn't couldn't hasn't haven't hadn't dont doesnt didnt isnt
arent wasnt cant wont
without nowhere
не нет никогда ни нельзя без нету никто ничего нигде ничто
no nunca jamás jamas ni tampoco sin nadie nada ninguno ningún ninguna
ない ません なかった ず
""".split()
)

# Antonym pairs as written (parse.py stems them in each language): one word on each side of
# two otherwise equal facts flips the claim. Words formed with a negating prefix (unencrypted,
# необязательно, deshabilitado) are found without a list.
ANTONYMS = [
    ("enabled", "disabled"), ("true", "false"), ("allowed", "forbidden"), ("allowed", "denied"),
    ("allowed", "blocked"), ("allowed", "prohibited"), ("succeeds", "fails"),
    ("works", "broken"), ("always", "never"), ("likes", "dislikes"), ("loves", "hates"),
    ("likes", "hates"),
    ("accepted", "rejected"), ("open", "closed"), ("on", "off"), ("increase", "decrease"),
    ("passes", "fails"), ("success", "failure"), ("prefers", "avoids"), ("required", "optional"),
    ("mandatory", "optional"), ("public", "private"), ("safe", "unsafe"),
    ("available", "unavailable"), ("active", "inactive"), ("parallel", "serial"),
    ("parallel", "sequential"), ("synchronous", "asynchronous"), ("online", "offline"),
    ("включено", "выключено"), ("включены", "выключены"), ("включен", "отключен"),
    ("включено", "отключено"), ("разрешено", "запрещено"), ("разрешен", "запрещен"),
    ("любит", "ненавидит"), ("обожает", "ненавидит"), ("всегда", "никогда"),
    ("обязательно", "необязательно"),
    ("публичный", "приватный"), ("открыт", "закрыт"), ("открыто", "закрыто"),
    ("доступен", "недоступен"), ("успешно", "неудачно"), ("параллельно", "последовательно"),
    ("синхронно", "асинхронно"), ("платный", "бесплатный"),
    ("habilitado", "deshabilitado"), ("activado", "desactivado"), ("permitido", "prohibido"),
    ("siempre", "nunca"), ("verdadero", "falso"), ("activo", "inactivo"), ("gusta", "odia"),
    ("encanta", "odia"), ("obligatorio", "opcional"), ("público", "privado"),
    ("abierto", "cerrado"), ("disponible", "agotado"), ("paralelo", "serie"),
    ("síncrono", "asíncrono"), ("gratis", "pago"),
    ("可", "不可"), ("可", "禁止"), ("許可", "禁止"), ("有効", "無効"), ("猫派", "犬派"),
    ("朝型", "夜型"),
    # general opposites (not only from the labelled pairs)
    ("hot", "cold"), ("high", "low"), ("fast", "slow"), ("early", "late"), ("more", "less"),
    ("up", "down"), ("start", "stop"), ("include", "exclude"), ("accept", "decline"),
    ("win", "lose"), ("present", "absent"), ("full", "empty"), ("cheap", "expensive"),
    ("easy", "hard"), ("remote", "onsite"), ("internal", "external"), ("inbound", "outbound"),
    ("visible", "hidden"), ("shown", "hidden"), ("alive", "dead"), ("manual", "automatic"),
    ("manual", "automated"), ("paid", "free"), ("approved", "rejected"), ("granted", "revoked"),
    ("allow", "deny"), ("encrypted", "plaintext"), ("mutable", "immutable"),
    ("stateless", "stateful"), ("stable", "flaky"), ("exterior", "interior"),
    ("positive", "negative"), ("positivo", "negativo"), ("положительный", "отрицательный"),
    ("home", "away"), ("dry", "damp"), ("dry", "wet"), ("easy", "difficult"),
    ("simple", "complex"), ("clean", "dirty"), ("quiet", "noisy"), ("quiet", "loud"),
    ("healthy", "sick"), ("valid", "invalid"), ("legal", "illegal"), ("correct", "incorrect"),
    ("delinquent", "standing"), ("strong", "weak"), ("wide", "narrow"), ("tight", "loose"),
    ("жёсткая", "мягкая"), ("жесткая", "мягкая"), ("жёсткий", "мягкий"), ("жесткий", "мягкий"),
    ("сухой", "влажный"), ("сухая", "влажная"), ("сухо", "влажно"), ("лёгкий", "сложный"),
    ("простой", "сложный"), ("простая", "сложная"), ("легко", "сложно"), ("чистый", "грязный"),
    ("тихий", "шумный"), ("тихая", "шумная"), ("здоров", "болен"), ("здорова", "больна"),
    ("fácil", "difícil"), ("sencillo", "complicado"), ("seco", "húmedo"), ("seca", "húmeda"),
    ("limpio", "sucio"), ("limpia", "sucia"), ("tranquilo", "ruidoso"), ("sano", "enfermo"),
    ("válido", "inválido"), ("legal", "ilegal"), ("dura", "blanda"), ("duro", "blando"),
    ("簡単", "難"), ("静", "騒"), ("乾燥", "湿"),
    ("朝型", "夜型"), ("左利", "右利"),
    ("горячий", "холодный"), ("быстро", "медленно"), ("рано", "поздно"), ("больше", "меньше"),
    ("включает", "исключает"), ("принимает", "отклоняет"), ("удаленно", "офисе"),
    ("внутренний", "внешний"), ("видимый", "скрытый"), ("вручную", "автоматически"),
    ("платный", "бесплатный"), ("одобрено", "отклонено"), ("живой", "мертвый"),
    ("зашифрован", "незашифрован"), ("синхронный", "асинхронный"), ("онлайн", "офлайн"),
    ("caliente", "frío"), ("rápido", "lento"), ("temprano", "tarde"), ("más", "menos"),
    ("incluye", "excluye"), ("acepta", "rechaza"), ("remoto", "presencial"),
    ("interno", "externo"), ("visible", "oculto"), ("manual", "automático"),
    ("aprobado", "rechazado"), ("vivo", "muerto"), ("encendido", "apagado"),
    ("sube", "baja"), ("cifrado", "descifrado"), ("conectado", "desconectado"),
    ("subió", "bajó"), ("subieron", "bajaron"), ("lectura", "escritura"), ("nuevo", "antiguo"),
    ("nuevos", "antiguos"), ("nueva", "antigua"), ("nuevas", "antiguas"),
    ("вырос", "упал"), ("выросла", "упала"), ("выросли", "упали"), ("чтение", "запись"),
    ("чтения", "записи"),
    ("antes", "después"), ("línea", "desconectado"), ("gratuito", "pago"),
    ("active", "deactivated"), ("activated", "deactivated"), ("joined", "left"),
    ("пришла", "ушла"), ("пришёл", "ушёл"), ("пришел", "ушел"), ("пришли", "ушли"),
    ("публичный", "закрытый"), ("активна", "неактивна"), ("активен", "неактивен"),
    # Japanese words as the parse splits them (kanji compounds, katakana words)
    ("受信", "送信"), ("必要", "不要"), ("有効", "無効"), ("公開", "非公開"), ("成功", "失敗"),
    ("オンライン", "オフライン"), ("dark", "light"), ("oscuro", "claro"), ("тёмный", "светлый"),
    ("тёмная", "светлая"), ("тёмную", "светлую"),
]  # fmt: skip

# Scales of adjectives beside the antonym pairs (each pair is a scale of its own): a thing
# "is red" and "is fast" at once, but not "red" and "blue". Two values on two scales are two
# attributes ("The backup drive is full" / "is fast"), not a new value of one.
SCALES = {
    "colour": """red green blue yellow black white grey gray orange purple pink brown silver
    golden beige красный красная красное зелёный зеленый зелёная зеленая синий синяя жёлтый
    желтый жёлтая желтая чёрный черный чёрная черная белый белая серый серая оранжевый
    фиолетовый розовый коричневый rojo roja verde azul amarillo amarilla negro negra blanco
    blanca gris naranja morado morada rosa marrón plateado dorado""",
    "size": """big large small tiny huge little большой большая маленький маленькая огромный
    огромная крошечный крошечная grande pequeño pequeña enorme diminuto diminuta""",
}

# Contractions of a pronoun and a verb: "I'm vegetarian" is "I am vegetarian".
CONTRACTIONS = {
    "i'm": ("i", "am"), "you're": ("you", "are"), "we're": ("we", "are"),
    "they're": ("they", "are"), "he's": ("he", "is"), "she's": ("she", "is"),
    "it's": ("it", "is"), "i've": ("i", "have"), "we've": ("we", "have"),
    "you've": ("you", "have"), "they've": ("they", "have"), "i'll": ("i", "will"),
    "we'll": ("we", "will"), "you'll": ("you", "will"), "they'll": ("they", "will"),
    "he'll": ("he", "will"), "she'll": ("she", "will"), "i'd": ("i", "would"),
}  # fmt: skip

# Words that mark a statement as an update of what was true before. Single words match a
# token; phrases match consecutive tokens.
UPDATE_WORDS = frozenset(
    """
now anymore nowadays currently moved moving relocated switched switching changed replaced
migrated upgraded downgraded renamed updated became become instead transferred promoted
joined quit resigned stepped handed cancelled canceled raised lowered increased decreased
reduced bumped extended shortened reassigned effective took taken broke left retired
fired hired sold replaced swapped moves rescheduled postponed
теперь сейчас ныне переехал переехала переехали переехал перешел перешла перешли перевели
перевел сменил сменила сменили поменял поменяла поменяли изменил изменила изменили изменен
изменена изменено заменил заменила заменили заменен заменена заменено обновил обновила
обновили уволился уволилась ушел ушла ушли стал стала стали перенесли перенес перенесла
переносится переносят перенесен перенесена увеличили увеличил уменьшили уменьшил подняли
снизили повысили сократили продал продала продали купил купила сменился
ahora actualmente mudó mudo mudado mudamos mudaron cambió cambio cambiado cambiamos cambiaron
pasó pasamos pasaron reemplazado reemplazada reemplazó sustituido sustituida sustituyó migró
migramos migraron renombrado actualizado actualizada trasladó trasladado trasladada dejó
renunció subió bajó actualizamos cambié sube baja aumenta aumentó disminuye disminuyó
pasa pasó
pushed delayed relocating migrating renaming
мигрировали мигрировал мигрировала перевели перевёл отказался отказалась отказались
перевелся перевёлся перевелась перевелись перешел перешёл
aplazó aplazada aplazado pospuso pospuesto pospuesta retrasó actualizó actualizaron
trasladaron dejé dejamos prorrogado prorrogada prorrogó prorrogaron
продлили продлил продлила продлен продлён продлена
сдвинули сдвинул сдвинула сдвинут сдвинута сдвинуто сдвинулся сдвинулась
переназначили переназначил переназначила переназначен переназначена reasignado reasignada
reasignó reasignaron
últimamente ultimamente
rose risen dropped doubled halved shifted
сдвинули сдвинул сдвинула сдвинут сдвинута подорожал подорожала подорожало подорожали
подешевел подешевела подешевело подешевели вырос выросла выросло выросли снизился снизилась
снизилось увеличился увеличилась увеличилось уменьшился уменьшилась уменьшилось отложили
отложен отложена передвинули изменился изменилась поменялся поменялась
movió movieron adelantó adelantaron retrasaron pospusieron subieron bajaron aumentaron
перебрался перебралась перебрались
ja:now ja:changed ja:new
henceforth впредь отныне
slipped slips оказалась оказался оказалось оказались resultó resulto
переименовали переименовал переименовала переименован переименована renombró renombro
renombramos renombraron
scaled поднял подняла повысил повысила снизил снизила сократил сократила увеличила уменьшила
subimos bajamos aumentamos redujimos redujo redujeron ampliamos amplió ampliaron incrementó
incrementaron incrementamos elevó elevaron elevamos
traded vendió vendido vendida vendieron vendimos vendí canceló cancelaron
cancelamos cancelé отменил отменила отменили
ascendieron ascendido ascendida повышен повышена
""".split()
)


def _spanish_participles(preterite: str) -> tuple[str, ...]:
    """The participles a Spanish preterite may be of ("cambió" → "cambiado", "subió" →
    "subido", "disminuyó" → "disminuido"; "-ió" is of an "-ar" verb or of an "-er"/"-ir" one,
    and the form that is no word matches none): the compound perfect ("ha subido a 850 euros",
    "se ha trasladado a Málaga") tells the same change as the preterite."""
    if not preterite.endswith("ó") or len(preterite) < 4:
        return ()
    base = preterite[:-1]
    if base.endswith(("i", "y")):
        return base + "ado", base[:-1] + "ido"
    return (base + "ado",)


# Only after a form of "haber" ("ha subido", not "el año pasado", where it says "last").
PERFECT_PARTICIPLES = frozenset(
    p for w in UPDATE_WORDS for p in _spanish_participles(w) if p not in UPDATE_WORDS
)
HABER = frozenset("he has ha hemos habéis han había habías habíamos habían habia habian".split())
UPDATE_WORDS = UPDATE_WORDS | PERFECT_PARTICIPLES
# Verbs of getting: with "a new …" after them they tell that a value changed ("Mike got a
# new phone number").
GOT = frozenset(
    "got gets received obtained consiguió consiguio obtuvo recibió recibio получил получила "
    "получили завел завела завели".split()
)
# Verbs that set an amount to a new one, with the amount after "to" ("lowered the gateway
# timeout to 10s", "le subieron la dosis a 20 mg", "таймаут урезали до 3 секунд"), as written:
# what was done, not what is done ("we lower it to 10s every December") or to do.
AMOUNT_CHANGES = frozenset(
    """
raised increased lowered decreased reduced cut bumped upped extended shortened changed set
moved capped dropped trimmed boosted adjusted
subió subieron subimos subido bajó bajaron bajamos bajado aumentó aumentaron aumentamos
aumentado redujo redujeron redujimos reducido cambió cambiaron cambiamos cambiado incrementó
incrementaron incrementamos incrementado elevó elevaron elevamos elevado amplió ampliaron
ampliamos ampliado recortó recortaron recortamos recortado ajustó ajustaron ajustamos
повысили повысил повысила повышен повышена подняли поднял подняла поднят поднята увеличили
увеличил увеличила увеличен увеличена уменьшили уменьшил уменьшила уменьшен уменьшена снизили
снизил снизила снижен снижена сократили сократил сократила сокращен сокращён сокращена урезали
урезал урезала урезан урезана изменили изменил изменила поменяли поменял поменяла продлили
продлил продлила
rose grew fell climbed creció crecieron cayó disminuyó disminuyeron
вырос выросла выросло выросли снизился снизилась снизилось снизились увеличился увеличилась
увеличилось уменьшился уменьшилась уменьшилось упал упала упало упали
изменён изменен изменена изменено изменены поменялся поменялась перенесли перенесён перенесен
""".split()
)
# The words before the new amount: "to", "a", "al", "hasta", "до" (not "by", "en", "на": by
# how much) …
AMOUNT_TO = frozenset("to a al hasta до".split())
# … and "на" after the Russian verbs that set a value rather than move it up or down
# ("таймаут был изменён на 500 мс"; "увеличили на 5 мг" is by how much).
AMOUNT_TO_AFTER_CHANGE = frozenset("на".split())
RESET_VERBS = frozenset(
    """изменили изменил изменила изменён изменен изменена изменено изменены поменяли поменял
    поменяла поменялся поменялась""".split()
)  # (not "перенесли на 3 дня": postponed by three days)
# Nouns that name an amount itself, which the stored fact may leave unsaid: "raised her
# escitalopram dose to 20 mg" after "takes 10 mg of escitalopram".
AMOUNT_NOUNS = frozenset(
    "dose dosage doses dosis доза дозу дозы дозировка дозировку amount cantidad количество".split()
)
# "New" before an attribute of someone says its value changed: "Rita's new manager is Dana",
# "мой новый номер — …", "el nuevo jefe de Inés es …" (with no one's, "the new intern" is
# another intern).
NEW_WORDS = frozenset(
    "new новый новая новое новые новую нового новой nuevo nueva nuevos nuevas".split()
)
# Light verbs and nouns that frame what a fact says without saying it: "I follow a vegetarian
# diet" is "I am a vegetarian", "Cached entries expire" is "the cache expires", "Бэкап
# делается" is "a backup is taken", "tomó la decisión" / "приняла решение" is "decided".
LIGHT_WORDS = frozenset(
    """
do does did done make makes made get gets got keep keeps kept follow follows followed take
takes took taken diet entries entry items size sizes capacity number amount
hace hacen hecho sigue siguen seguido lleva llevan tamaño capacidad
tomó tomo toma toman tomar tomado tomada
делается делают делает снимается снимают снимаем ведётся ведется размер объём объем
принял приняла приняли принимает принимают
""".split()
)
# Words of a move: news of where someone or something lives.
MOVE_WORDS = frozenset(
    "moved moving moves relocated relocating переехал переехала переехали переезжает mudó mudo "
    "mudado mudada mudamos mudaron trasladó trasladado trasladada trasladaron перебрался "
    "перебралась перебрались".split()
)
# Verbs that tell of what someone noticed, heard or wondered: a change told after them is
# someone else's ("I never realized how much ESPN did to become …"), not the subject's. (Not
# "think" or "believe": "I think I now prefer tea" hedges the speaker's own news.)
REPORTING_VERBS = frozenset(
    "realize realized realise realised wonder wondered wondering notice noticed hear heard "
    "read learned learnt remember remembered imagine imagined understand understood knew "
    "понял поняла поняли заметил заметила заметили слышал слышала слышали читал читала "
    "узнал узнала узнали помню интересно pregunto pregunté noté notaste leí oí escuché "
    "recuerdo sabía entendí".split()
)
# The update words that are adverbs, not verbs: they are no part of a subject or a value.
UPDATE_ADVERBS = frozenset(
    "now anymore nowadays currently instead теперь сейчас ныне ahora actualmente últimamente "
    "ultimamente ja:now ja:new".split()
)
UPDATE_PHRASES = (
    ("no", "longer"), ("any", "longer"), ("as", "of"), ("from", "now", "on"),
    ("not", "anymore"), ("these", "days"), ("starting", "from"), ("going", "forward"),
    ("from", "here", "on"),
    ("больше", "не"), ("уже", "не"), ("начиная", "с"), ("с", "недавних", "пор"),
    ("с", "сегодняшнего", "дня"), ("с", "этого", "момента"), ("desde", "hoy"),
    ("ya", "no"), ("a", "partir", "de"), ("a", "partir", "del"), ("hoy", "en", "día"),
    ("en", "lugar", "de"),
    ("ya", "no"), ("dejó", "de"), ("dejé", "de"),
    ("went", "up"), ("went", "down"), ("gone", "up"), ("gone", "down"), ("pushed", "back"),
    ("moved", "up"), ("brought", "forward"), ("turned", "out"),
    ("cut", "to"), ("cut", "back", "to"), ("down", "to"),  # "were cut to 90 minutes"
    ("retrasa", "al"), ("retrasan", "al"),  # "se retrasa al 28 de junio", not "… cuando llueve"
)  # fmt: skip
# The last words of the phrases above that say a value changed, not only that it is so now.
CHANGE_MARKERS = frozenset(
    {"longer", "anymore", "más", "no", "не", "up", "down", "back", "forward", "to"}
)
# "From <date>" opening a fact dates a change: "С 1 июня …", "Desde marzo …", "As of May …".
DATED_CHANGE = frozenset("с со desde since from starting effective as".split())

# Function words the classifier ignores. The routing stop list is not used here: it drops
# words that change a fact's meaning ("likes", "needs", "before", "after", "on", "off").
FUNCTION_WORDS = frozenset(
    """
a an the and or but of to in at by for from with into onto as than that which who whom whose
this these those there here then so such very too also just about via per each every any some
all both either neither other another own same
и в во на с со к ко по за из от о об у а но или же ли бы то это этот эта эти тот та те как
который которая которые которого также тоже для при про через
y e o u el la los las lo un una unos unas de del al en a por para con que se le les su sus
como cual cuales este esta estos estas ese esa esos esas aquel muy también
roughly approximately approx around примерно приблизительно около aproximadamente alrededor
""".split()
)

# Copulas and auxiliaries that mean the same predicate ("is" and "was" are one verb).
VERB_CLASSES = {
    **dict.fromkeys("is are was were be been being am 's 're — – - :".split(), "be"),
    **dict.fromkeys("has have had having 've".split(), "have"),
    **dict.fromkeys("является являются был была были было будет будут есть".split(), "be"),
    **dict.fromkeys("es son era eran fue fueron será serán sera seran".split(), "ser"),
    **dict.fromkeys("está están esta estan estaba estaban estuvo".split(), "estar"),
    **dict.fromkeys("tiene tienen tenía ha han había habían habia habian".split(), "tener"),
    # where someone lives: "moved to Paris" and "relocated" speak of the same attribute
    **dict.fromkeys(
        """lives live lived living resides reside moved moves move relocated relocates
        живет живут жил жила жили проживает переехал переехала переехали vive viven vivía
        vivia mudó mudo mudaron reside residen mudado mudada mudamos mudé muda mudan
        relocating moving переезжает переселился переселилась перебрался перебралась
        перебрались trasladó trasladado trasladada trasladaron vivo vivimos живу живём
        живем""".split(),
        "dwell",
    ),
    # where someone works, told by the first person's verb too ("Trabajo en Google", which
    # opening the fact is read unstemmed, as a name would be)
    **dict.fromkeys("trabajo trabaja trabajan trabajó trabajaba".split(), "trabaj"),
    # who a task is given to: "is assigned to Priya" and "was reassigned to Marco" speak of
    # the same attribute
    **dict.fromkeys(
        """assigned assign assigns reassigned reassign reassigns asignado asignada asignados
        asignadas asignó asigna asignaron reasignado reasignada reasignó reasignaron назначен
        назначена назначено назначили назначил назначила переназначен переназначена
        переназначено переназначили переназначил переназначила""".split(),
        "assign",
    ),
}

# Function words that tell English from Spanish (capitalised words, which are often names like
# "Lucía", are not counted).
LATIN_MARKERS = {
    "english": frozenset(
        """
the and of to in for with is are be this that on by as it always never before after should
must when use from an or not every my his her their our was were has have at i we you he she
they its does do did will would can could there here what which who been being
""".split()
    ),
    "spanish": frozenset(
        """
el la los las de del que y en para con una un por es son se al como más pero sus este esta
cuando donde siempre nunca antes después usar debe deben hay mi su tiene tienen está están muy
también ya le lo les nos ni o u ha han fue era estos estas ese esa sin sobre entre hasta desde
""".split()
    ),
}

# Deployment environments: a different one is a different subject, never a new value.
# One name for each environment, however it is written: "prod" and "production" are one
# environment, "staging" and "stg" another.
_ENVIRONMENT_FAMILIES = {
    "prod": "production prod прод проде прода продакшн продакшен продакшене продакшне "
    "продакшена продакшна producción produccion production's prod's продовый продовая "
    "продовое продовые продовую продовой продового продовом продовых 本番",
    "staging": "staging stg стейдж стейдже стейджа стейджинг стейджинге стейджинга staging's stg's "
    "ステージング",
    "dev": "dev development дев деве desarrollo dev's development's",
    "preprod": "preprod pre-prod препрод препроде preproducción preproduccion",
}
ENVIRONMENT_KEYS = {
    word: name for name, words in _ENVIRONMENT_FAMILIES.items() for word in words.split()
}
# Every environment's name: those of a family above, and the ones each written one way.
ENVIRONMENTS = frozenset(ENVIRONMENT_KEYS) | frozenset(
    "qa uat sandbox preview canary тестовом тестовой тестовый тестовая тестовое тестовых".split()
)

# Interjections opening a line of dialogue; they say nothing about any subject.
INTERJECTIONS = frozenset(
    """
wow oh ah aw aww hey hi hello yeah yes yep yup ok okay well haha hahaha lol hmm um uh oops
great cool nice awesome thanks sure right anyway omg whoa ooh wait
ой ох ах ого ну эй привет да ага ок ладно хм спасибо вау класс отлично супер
vaya guau hola bueno pues sí si vale jaja oye gracias genial claro
""".split()
)

# Words that introduce or close a statement without being part of it: "Note: …", "FYI, …",
# "Keep in mind that …", "…, thanks." The short forms may lead in without a comma.
LEAD_INS = (
    "note", "nb", "n.b.", "fyi", "reminder", "remember", "heads up", "heads-up", "btw",
    "by the way", "ps", "p.s.", "psa", "for the record", "just so you know", "important",
    "keep in mind", "please note", "note to self", "just a reminder", "quick reminder",
    "на заметку", "к сведению", "напоминаю", "напоминание", "кстати", "важно", "примечание",
    "заметка", "имейте в виду", "учтите",
    "nota", "recordatorio", "ojo", "por cierto", "para que sepas", "importante", "recuerda",
    "ten en cuenta", "para tu información",
)  # fmt: skip
# Lead-ins that say the statement is a change: "Update: …", "Correction: …", "Обновление: …".
UPDATE_LEAD_INS = (
    "update", "updated", "change", "changed", "correction", "corrected", "new", "actualización",
    "actualizacion", "corrección", "correccion", "cambio", "обновление", "исправление",
    "поправка", "изменение",
)  # fmt: skip
# Lead-ins that correct what the speaker said before, followed by a comma as well: "correction,
# my flight lands at 7:30 pm", "perdón, me equivoqué, el vuelo sale el viernes", "поправка,
# встреча в 14:30", "すみません、会議は4時からでした".
CORRECTION_LEAD_INS = (
    "correction", "i mean", "my bad", "scratch that", "i was wrong", "sorry", "actually",
    "perdón", "perdon", "perdona", "me equivoqué", "me equivoque", "corrijo lo anterior",
    "corrijo", "corrección", "correccion", "поправка", "исправление", "ошибся", "ошиблась",
    "точнее", "訂正します", "訂正", "間違えました", "すみません",
)  # fmt: skip
BARE_LEAD_INS = frozenset({"fyi", "btw", "ps", "psa", "nb", "кстати"})
CLOSING_TAGS = ("ok", "okay", "thanks", "thank you", "fyi", "btw", "спасибо", "ок", "gracias")

# Pronouns that can be a subject, mapped to one person each: "I" and "my" are the same
# subject, "I" and "she" are not.
PRONOUNS = {
    **dict.fromkeys("i me my mine myself i'm i've i'd i'll".split(), "@1s"),
    **dict.fromkeys("we us our ours ourselves we're we've".split(), "@1p"),
    **dict.fromkeys("you your yours yourself you're you've".split(), "@2"),
    **dict.fromkeys("he him his himself he's".split(), "@3m"),
    **dict.fromkeys("she her hers herself she's".split(), "@3f"),
    **dict.fromkeys("they them their theirs themselves they're".split(), "@3p"),
    **dict.fromkeys("it its itself it's".split(), "@3n"),
    **dict.fromkeys("я меня мне мной мой моя мое мои моего моей моих".split(), "@1s"),
    **dict.fromkeys("мы нас нам нами наш наша наше наши нашего нашей наших".split(), "@1p"),
    **dict.fromkeys("ты тебя тебе твой твоя твое твои вы вас вам ваш ваша ваше ваши".split(), "@2"),
    **dict.fromkeys("он него ему им нем".split(), "@3m"),
    **dict.fromkeys("она нее ней ее".split(), "@3f"),
    **dict.fromkeys("они них ним их".split(), "@3p"),
    # (the Russian reflexive is of any person: the subject's own self)
    **dict.fromkeys("себя себе собой".split(), "@self"),
    **dict.fromkeys("yo mí mi mis conmigo".split(), "@1s"),
    **dict.fromkeys("nosotros nosotras nuestro nuestra nuestros nuestras".split(), "@1p"),
    **dict.fromkeys("tú tu tus ti contigo usted ustedes vuestro vuestra".split(), "@2"),
    **dict.fromkeys("él".split(), "@3m"),
    **dict.fromkeys("ella".split(), "@3f"),
    **dict.fromkeys("ellos ellas".split(), "@3p"),
}  # fmt: skip
# Subject pronouns: the word after one (past an adverb) is the verb ("Я пью кофе", "I go to the
# gym", "Yo trabajo en casa").
SUBJECT_PRONOUNS = frozenset(
    "i we you he she they я мы ты вы он она они yo nosotros nosotras tú él ella ellos ellas".split()
)
# Possessive determiners by whose they say: "our migration" and "their migration" are two.
POSSESSIVE_PERSONS = {
    **dict.fromkeys("my mi mis мой моя моё мое мои".split(), "1s"),
    **dict.fromkeys("our nuestro nuestra nuestros nuestras наш наша наше наши".split(), "1p"),
    **dict.fromkeys("your tu tus твой твоя твоё твое твои ваш ваша ваше ваши".split(), "2"),
    **dict.fromkeys("his her its their su sus его её ее их".split(), "3"),
}
# (a third person's "his", "her", "their" may name anyone: only the first and second are told
# apart from them)
# Possessive determiners that carry no subject of their own ("our API limit" is "the API
# limit"); a bare subject pronoun still counts.
WEAK_POSSESSIVES = frozenset(
    """our the a an my your their its наш наша наше наши мой моя мое мои твой твоя твое твои
    mi mis tu tus su sus nuestro nuestra nuestros nuestras""".split()
)

# Determiners and prepositions: a word right after one is a noun, not a verb.
DETERMINERS = frozenset(
    """
the a an this that these those our my your their its his her every each any some no another
el la los las un una unos unas mi mis su sus nuestro nuestra nuestros nuestras este esta estos
estas ese esa esos esas cada del al de en para por con
""".split()
)

# Copulas and auxiliaries: the predicate starts here; the verb that follows (if any) is its head.
# Per language, so that English "son" or "era" is never read as Spanish "are" or "was".
AUXILIARIES = {
    "english": frozenset(
        """
is are was were be been being am 's 're has have had having will would shall should can could
may might must do does did 'll 'd 've isn't aren't wasn't weren't doesn't don't didn't won't
can't cannot hasn't haven't hadn't shouldn't couldn't wouldn't
""".split()
    ),
    "russian": frozenset(
        "является являются являлся являлась был была были было будет будут есть".split()
    ),
    "spanish": frozenset(
        """
es son era eran fue fueron será serán sera seran está están esta estan estaba estaban estuvo
ha han había habían habia habian tiene tienen tenía hay va van puede pueden debe deben suele
""".split()
    ),
}
# Words of the future: "Anna will live in Paris" changes nothing yet.
FUTURE = frozenset("will shall 'll won't будет будут буду будем".split())
# Phrases of the past: "Anna used to live in Paris" is history, not news.
PAST_PHRASES = (("used", "to"), ("solía",), ("solia",), ("раньше",))

# A proposal: "The team lead proposed moving deploys to Tuesdays" moves nothing yet (whether
# "… and the team agreed" took it or agreed to something else, the words do not tell).
PROPOSING = frozenset(
    """proposed proposes suggested suggests предложил предложила предложили предлагает
    предлагают propuso propone proponen sugirió sugiere""".split()
)
# Modal words: "Anna might get a dog" is not "Anna got a dog".
MODALS = PROPOSING | frozenset(
    """
might may could would should maybe perhaps possibly probably planning plans considering
thinking pensando
может могла мог могли возможно наверное планирует собирается
podría podrían quizás quizá puede tal posiblemente probablemente planea piensa
ja:wished
""".split()
)

# What a fact says of its statement besides the statement: a wish, an ability, a duty, a
# plan, a hope or a near miss ("Sara wants to be a teacher" is no "Sara teaches", "I almost
# moved" no "I moved"). Two facts whose moods differ say different things.
MOODS = {
    **dict.fromkeys("""want wants wanted wish wishes hope hopes hoped dream dreams
        хочет хочу хотят хотим хотел хотела хотели мечтает мечтаю надеется надеюсь
        quiere quieren quiero queremos quería desea desean deseo espera esperan sueña""".split(),
        "wish"),
    **dict.fromkeys("""can can't cannot could couldn't able
        может могу можем могут мог могла могли умеет
        puede pueden puedo podemos podía""".split(), "can"),
    **dict.fromkeys("""should shouldn't must mustn't ought
        должен должна должно должны обязан надо нужно
        debe deben debo debería deberían""".split(), "should"),
    **dict.fromkeys("""might may maybe perhaps possibly probably возможно наверное
        podría podrían quizás quizá posiblemente probablemente""".split(), "might"),
    # what would be, or would have been, if …: "Alice would have joined Acme" is no "joined"
    **dict.fromkeys("""would wouldn't бы habría habrían hubiera hubieran hubiese
        sería serían""".split(), "would"),
    **dict.fromkeys("""plan plans planning intend intends considering
        планирует планирую собирается собираюсь
        planea planean planeo piensa pretende""".split(), "plan"),
    **dict.fromkeys("""almost nearly barely hardly почти едва чуть casi""".split(), "hedge"),
    **dict.fromkeys("""try tries tried trying attempt attempts attempted attempting
        пытается пытался пыталась
        пытались попытался попыталась попытались пробует пробовал пробовала
        intenta intentó intentaron""".split(), "try"),
    # what is being learnt is not done yet: "Anna is learning to drive" is no "Anna drives"
    **dict.fromkeys("learning learns aprende aprenden aprendiendo".split(), "learn"),
    # what was not done: "Ana olvidó enviar el informe" is no "Ana envió el informe"
    **dict.fromkeys("olvidó olvidaron negó negaron".split(), "not done"),
}  # fmt: skip
# Verbs that say a thing was not done, or not yet ("started to fix"), only before what was not
# done: "to" in English ("failed to send"; "the deploy failed" is what happened), an infinitive
# in Russian ("отказалась подписать"; "от Билайна я отказалась" is a change of operator).
NOT_DONE_BEFORE_TO = frozenset(
    """forgot forgets forget failed fails fail refused refuses refuse declined neglected started
    starts start began begins begin""".split()
)
NOT_DONE_BEFORE_INFINITIVE = frozenset(
    # (and what is being learnt: "Аня учится водить" is no "Аня водит"; "учится в МГУ" is)
    "забыл забыла забыли отказался отказалась отказались учится учусь учатся учимся".split()
)
# Words of a schedule: what is planned for a day is what is set for it ("The release is
# scheduled for June 12" / "We plan to release on June 12"), a plan read as no other mood.
SCHEDULED = frozenset(
    """planned scheduled due запланирован запланирована запланировано запланированы назначен
    назначена назначено назначены planeado planeada previsto prevista programado programada
    """.split()
)
# Object pronouns: whom a statement is about besides who acts ("calls him" / "calls her"). A
# Spanish clitic is also an article: it is read only right after the subject.
OBJECT_PRONOUNS = {
    **dict.fromkeys("him".split(), "@3m"),
    **dict.fromkeys("them".split(), "@3p"),
    **dict.fromkeys("us".split(), "@1p"),
    **dict.fromkeys("его него ему нему".split(), "@3m"),
    **dict.fromkeys("её ее нее неё ей ней".split(), "@3f"),
    **dict.fromkeys("их них им ним".split(), "@3p"),
    **dict.fromkeys("нас нам".split(), "@1p"),
    **dict.fromkeys("меня мне".split(), "@1s"),
    **dict.fromkeys("тебя тебе вас вам".split(), "@2"),
    **dict.fromkeys("lo le".split(), "@3m"),
    **dict.fromkeys("la".split(), "@3f"),
    **dict.fromkeys("los les".split(), "@3mp"),
    **dict.fromkeys("las".split(), "@3fp"),
    **dict.fromkeys("me".split(), "@1s"),
    **dict.fromkeys("te".split(), "@2"),
    **dict.fromkeys("nos".split(), "@1p"),
}  # fmt: skip
# "Her" is also whose: an object only at the end of the statement ("Leo called her").
OBJECT_AT_END = {"her": "@3f"}
# How many a noun's determiner says there are: "un coche" is no "unos coches".
SINGULAR = frozenset("a an one un una uno один одна одно".split())
PLURAL = frozenset("unos unas some several many few два две три dos tres two three".split())

# Nouns that stand for a person: "the user has diabetes" is about someone, like "Anna has…".
PERSON_NOUNS = frozenset(
    """
user customer client person owner member patient employee manager colleague friend boss
teammate coworker
пользователь клиент человек владелец сотрудник коллега друг подруга начальник
usuario usuaria cliente persona dueño dueña empleado empleada jefe jefa amigo amiga
""".split()
)

# Titles written before a name with a full stop ("Dr. Lee", "Mrs. Smith", "la Dra. López", "el
# Sr. Ortega"): the full stop ends no sentence, so the name after it is read as a name ("Dr.
# Lee" / "Dr. Park" are two people, not one "Dr"; "Mr." / "Mrs." are two as well).
HONORIFICS = frozenset("dr mr mrs ms mx prof dra sr sra srta dña".split())

# Job titles: "Alice is a product manager" says what she works as, the attribute "Alice works
# as a data analyst" holds ("is now a product manager" is an update of it).
JOB_TITLES = frozenset(
    """
engineer developer programmer analyst manager designer scientist architect consultant
director lead intern teacher nurse doctor lawyer accountant researcher administrator editor
writer recruiter marketer tester officer president founder cofounder co-founder
ingeniero ingeniera desarrollador desarrolladora programador programadora analista gerente
diseñador diseñadora científico científica arquitecto arquitecta consultor consultora
directora director profesor profesora enfermero enfermera médico médica abogado abogada
инженер разработчик программист аналитик менеджер дизайнер архитектор консультант директор
тимлид учитель врач юрист бухгалтер исследователь администратор тестировщик
supervisor boss jefe jefa supervisora начальник начальница руководитель руководительница
""".split()
)

# Relatives: who a fact is about ("Anna's son" is not Anna). Compared as written, so "hijo" and
# "hija", "grandfather" and "grandmother" stay apart.
KIN = frozenset(
    """
son sons daughter daughters husband wife wives mother mom mum father dad sister sisters
brother brothers grandmother grandma grandfather grandpa grandson granddaughter aunt uncle
niece nephew cousin cousins parent parents child children kid kids boyfriend girlfriend
partner fiance fiancee fiancé fiancée stepson stepdaughter stepmother stepfather
сын сына сыну сыном дочь дочери дочерью муж мужа мужу мужем жена жены жене женой мать
матери мама мамы маме мамой отец отца отцу отцом папа папы папе папой сестра сестры сестре
сестрой брат брата брату братом бабушка бабушки бабушке дедушка дедушки дедушке внук внука
внучка внучки тётя тетя тёти тети дядя дяди племянник племянница кузен кузина ребёнок
ребенок ребёнка ребенка детьми дети детей
hijo hijos hija hijas esposo esposa marido mujer madre mamá padre papá hermana hermanas
hermano hermanos abuela abuelo nieto nieta tía tio tío sobrino sobrina primo prima novio
novia pareja
妻 夫 姉 妹 兄 弟 母 父 娘 息子 祖母 祖父 子供 子ども 彼女 彼氏
""".split()
)

# Words that are a noun as often as a verb: before a preposition, with a copula further on,
# they are the noun ("The team lead for billing is Anna").
NOUN_VERBS = frozenset(
    """
lead host date report store head plan start end use work call review design release launch
schedule cost process train record contact support need answer change move switch run
""".split()
)
PREPOSITIONS = frozenset(
    "for of in on at to from with by about de en para por con в на для по с у о".split()
)

# Words that tell a change as what someone thinks, says or has heard ("Tom thinks the user
# moved", "Говорят, …", "Dicen que …"): a report of news, not the news.
HEARSAY = frozenset(
    """thinks think believes believe heard hears suspects suspect guesses guess assumes assume
    claims claim rumor rumour rumored rumoured supposedly reportedly allegedly apparently
    according думает думают считает считают слышал слышала слышали говорят кажется видимо
    якобы словам слухи слух cree creen piensa piensan dicen dice oí oyó escuché parece supuestamente
    aparentemente según""".split()
)
# (Japanese, found in the text: "佐々木さんによると", "移転するらしい", "移転するそうだ")
HEARSAY_JAPANESE = ("によると", "らしい", "そうだ", "そうです")

# Words that make a statement one day's, not the rule's: "is working from the office today",
# "Today's standup moved to 11" ("starting today" is a new rule: `DATED_CHANGE` before it).
FOR_NOW = frozenset(
    """today today's tonight tonight's tomorrow tomorrow's сегодня сегодняшний сегодняшняя
    сегодняшнюю сегодняшнее завтра завтрашний завтрашняя завтрашнюю hoy
    今日 明日 今晩 今夜""".split()
)
# … and phrases that do the same for one week or one time ("this week's sync is moved").
FOR_NOW_PHRASES = (
    ("this", "week"), ("this", "week's"), ("just", "for"), ("only", "this"), ("this", "time"),
    ("esta", "semana"), ("esta", "vez"), ("solo", "por"), ("этой", "неделе"), ("на", "этот", "раз"),
    ("next", "week's"), ("la", "semana", "que", "viene"), ("на", "следующей", "неделе"),
    # one weekday's: "This Saturday's lesson is moved to 2pm", "la clase de este sábado"
    *((this, f"{day}'s") for this in ("this", "next") for day in (
        "monday tuesday wednesday thursday friday saturday sunday".split())),
    *(("este", day) for day in "lunes martes miércoles jueves viernes sábado domingo".split()),
)  # fmt: skip
# (the Japanese ones, found in the text: "今週の定例", not "今週から")
FOR_NOW_JAPANESE = ("今日", "明日", "今週", "今晩", "今夜")

# Words that tell what one likes best: a change of something else is no change of it.
FAVOURITE = frozenset(
    """favorite favourite favorites favourites fave best любимый любимая любимое любимые
    любимого любимую любимой любимым favorito favorita favoritos favoritas preferido preferida
    preferidos preferidas""".split()
)

# Words that make a subject another one of its kind: "the user's other dog" is not the dog
# the user's dog is, "el otro gato" not "el gato".
OTHER_ONES = frozenset(
    """other another second third другой другая другое другого другую второй вторая второе
    вторую второго третий третья третью otro otra otros otras segundo segunda tercer tercero
    tercera""".split()
)

# Prepositions that give the word after them opposite parts: "the letter from John" / "for
# John", "works with Bob" / "for Bob", "dropped by 20 ms" / "to 20 ms", "東京から" / "東京まで".
# Two facts whose same word comes after the two of a pair are two statements, however alike
# their other words. (Not Russian "из" / "в", "с" / "на" nor "на" / "до": "в" and "на" also
# say where a thing is, so "работает на Jenkins" / "перешли с Jenkins на GitLab" and "работает
# на версии 1.26" / "обновили до версии 1.29" are changes told.)
CONTRASTING_PREPOSITIONS = frozenset(
    frozenset(pair.split("/"))
    for pair in """
from/to from/for with/for about/for by/to for/against before/after above/below over/under
into/from with/without with/at on/at with/on to/about in/near
от/для от/к о/для до/после за/против над/под с/без
de/para con/para con/sin desde/hasta antes/después contra/para con/en a/de
から/へ から/まで
""".split()
)
# Prepositions that contrast only before a number: "выросла на 3%" is by how much, "до 3%" to
# what ("работает на версии 1.26" → "обновили до версии 1.29" is a new version).
CONTRASTING_BEFORE_NUMBERS = frozenset({frozenset({"на", "до"}), frozenset({"en", "a"})})
# Two actions on one thing, neither the other's new value nor its opposite: "Interns can view
# the dashboard" and "… can edit the dashboard" are two grants, "reads from Postgres" and
# "writes to Postgres" two jobs. Each pair as its two lists of forms.
OTHER_ACTIONS = [
    ("view views viewed viewing", "edit edits edited editing"),
    ("read reads reading", "write writes wrote written writing"),
    ("ver ve ven veo", "editar edita editan edito"),
    ("leer lee leen leo", "escribir escribe escriben escribo"),
    ("читать читает читают", "писать пишет пишут записывать записывает"),
    ("просмотр просматривать просматривает", "редактирование редактировать редактирует"),
    ("閲覧", "編集"),
    ("読", "書"),
]
# Pairs that say where a thing goes from and to, contrasting only when both facts say both
# ("Логи идут из S3 в Datadog" / "из Datadog в S3"); one alone says where a thing is ("в").
FRAME_PREPOSITIONS = frozenset(frozenset(pair.split("/")) for pair in "из/в с/на de/a".split())
# One name written another way: "k8s" is Kubernetes, "Питон" is Python. Facts that differ
# only in these say the same thing.
# (A name keeps its capital: it is read as a name, as written.)
ALIASES = {
    "k8s": "Kubernetes", "postgresql": "Postgres", "js": "JavaScript", "ts": "TypeScript",
    "gh": "GitHub", "e-mail": "email", "front-end": "frontend", "back-end": "backend",
    # words of the trade written short as often as long ("repo" is read in PHRASES)
    "db": "database", "dbs": "databases", "infra": "infrastructure",
    "golang": "Go",  # a language better known by its short name
    **dict.fromkeys("питон питона питоне питоном пайтон пайтона пайтоне".split(), "Python"),
    **dict.fromkeys("джира джиру джире джиры".split(), "Jira"),
    **dict.fromkeys("гитхаб гитхабе гитхаба".split(), "GitHub"),
    **dict.fromkeys("кубернетес кубернетесе".split(), "Kubernetes"),
    **dict.fromkeys("постгрес постгресе постгреса".split(), "Postgres"),
    "パイソン": "Python",
}  # fmt: skip
# Names of several words written short as often as long: read in one way ("Visual Studio
# Code" as "VS Code", "JSON Web Tokens" as "JWTs"), so that two facts naming one thing read
# alike. Matched whole, in any case.
NAME_ALIASES = {
    "visual studio code": "VS Code", "vscode": "VS Code",
    "json web tokens": "JWTs", "json web token": "JWT",
    "amazon web services": "AWS", "google cloud platform": "GCP",
    "single sign-on": "SSO", "two-factor authentication": "2FA",
    "multi-factor authentication": "MFA",
    "large language models": "LLMs", "large language model": "LLM",
    "correo electrónico": "email", "correo electronico": "email",
    "env vars": "environment variables", "env var": "environment variable",
    "google kubernetes engine": "GKE", "new york city": "NYC",
    "ciudad de méxico": "CDMX", "ciudad de mexico": "CDMX",
}  # fmt: skip
# Verbs said in several words, read as the one verb they mean ("signs off on" is "approves",
# "da el visto bueno a" is "aprueba"), so that either way of telling reads alike. Whole
# phrases, in any case.
VERB_IDIOMS = {
    "signs off on": "approves", "sign off on": "approve", "signed off on": "approved",
    "gives the green light to": "approves", "give the green light to": "approve",
    "gave the green light to": "approved",
    "takes care of": "handles", "take care of": "handle", "took care of": "handled",
    "da el visto bueno a": "aprueba", "dan el visto bueno a": "aprueban",
    "dio el visto bueno a": "aprobó", "da el visto bueno al": "aprueba el",
    "dan el visto bueno al": "aprueban el", "dio el visto bueno al": "aprobó el",
    "даёт добро на": "одобряет", "дает добро на": "одобряет", "дал добро на": "одобрил",
    "дала добро на": "одобрила",
}  # fmt: skip

# Words and phrases of one meaning, read in one way ("purchased" as "bought", "is originally
# from" as "comes from", "не выносит" as "ненавидит"), so that a fact told again in other
# words reads as the same fact. Only what means the same wherever it stands belongs here:
# "selected" is also an adjective and "is employed by" a "for" where "works at" has an "at",
# so neither is. Whole words and phrases, in any case.
SAME_MEANING = {
    # English
    "gave a talk at": "spoke at", "gives a talk at": "speaks at", "give a talk at": "speak at",
    "gave a presentation at": "spoke at", "gives a presentation at": "speaks at",
    "is originally from": "comes from", "are originally from": "come from",
    "originally comes from": "comes from", "hails from": "comes from",
    "doesn't like": "dislikes", "does not like": "dislikes", "don't like": "dislike",
    "do not like": "dislike", "didn't like": "disliked", "did not like": "disliked",
    "can't stand": "hates", "cannot stand": "hates", "can not stand": "hates",
    "detests": "hates", "loathes": "hates", "adores": "loves",
    "is fond of": "likes", "is keen on": "likes",
    "is afraid of": "fears", "is scared of": "fears", "are afraid of": "fear",
    "is the author of": "wrote", "was the author of": "wrote", "authored": "wrote",
    "is the owner of": "owns", "is the leader of": "leads", "is the founder of": "founded",
    "is in charge of": "is responsible for", "are in charge of": "are responsible for",
    "was in charge of": "was responsible for", "is employed at": "works at",
    "is teetotal": "doesn't drink alcohol", "is a teetotaler": "doesn't drink alcohol",
    "is a teetotaller": "doesn't drink alcohol", "never drinks alcohol": "doesn't drink alcohol",
    "does not drink alcohol": "doesn't drink alcohol",
    "stopped smoking": "quit smoking", "stops smoking": "quits smoking",
    "gave up smoking": "quit smoking",
    "has an allergy to": "is allergic to", "have an allergy to": "are allergic to",
    "hits the gym": "goes to the gym", "hit the gym": "go to the gym",
    "gets up": "wakes up", "get up": "wake up", "got up": "woke up",
    "talked to": "spoke with", "talked with": "spoke with", "spoke to": "spoke with",
    "does not allow": "prohibits", "doesn't allow": "prohibits", "forbids": "prohibits",
    "bans": "prohibits", "assisted with": "helped with", "passed away": "died",
    "began": "started", "begins": "starts", "repaired": "fixed", "opted for": "chose",
    "utilizes": "uses", "utilises": "uses", "makes use of": "uses",
    "purchased": "bought", "purchases": "buys", "purchase": "buy", "nearly": "almost",
    "automobile": "car", "automobiles": "cars", "kids": "children", "kid": "child",
    "movies": "films", "movie": "film", "physician": "doctor", "attorney": "lawyer",
    "repository": "repo", "repositories": "repos",
    # Spanish
    "desea": "quiere", "desean": "quieren", "asistió con": "ayudó con", "asiste con": "ayuda con",
    "no permite": "prohíbe", "no permiten": "prohíben",
    "adquirió": "compró", "adquiere": "compra", "adquirieron": "compraron",
    "es originario de": "es de", "es originaria de": "es de", "procede de": "es de",
    "es el autor de": "escribió", "es la autora de": "escribió",
    "detesta": "odia", "no soporta": "odia", "automóvil": "coche", "carro": "coche",
    "comenzó": "empezó", "comienza": "empieza", "comienzan": "empiezan", "escogió": "eligió",
    "repositorio": "repo", "repositorios": "repos",
    # Russian
    "приобрёл": "купил", "приобрел": "купил", "приобрела": "купила", "приобрели": "купили",
    "автомобиль": "машина", "автомобиля": "машины", "автомобилем": "машиной",
    "автомобиле": "машине", "терпеть не может": "ненавидит", "не выносит": "ненавидит",
    "резервные копии": "бэкапы", "резервных копий": "бэкапов", "резервную копию": "бэкап",
    "резервная копия": "бэкап", "стоит в": "находится в",
    "пользуется": "использует", "трудится": "работает",
}  # fmt: skip
# Contracted forms of a preposition and an article: "al" is "a el", "del" is "de el".
PREPOSITION_FORMS = {"al": "a", "del": "de"}

# A key that names a list: each note under it is one more item, not a new value.
LIST_KEYS = frozenset(
    """todo todos note notes reminder reminders idea ideas task tasks tags заметка задача
    fixme decision decisions решение заметки задачи nota notas tarea tareas pendiente decisión
    メモ 決定 タスク""".split()
)

# Keys of a note that is still open (a task to do, a proposal) and of one that settles it (done,
# decided): "Done: added retries to the uploader" settles "TODO: add retries to the uploader".
PENDING_KEYS = frozenset(
    """todo to-do fixme proposal proposed propuesta pendiente предложение сделать todo-list
    提案 未対応""".split()
)
SETTLED_KEYS = frozenset(
    """done fixed resolved decision decided готово сделано решено решение исправлено hecho
    resuelto decisión decidido completado 完了 対応済み 決定 決定事項 解決""".split()
)

# Where a piece of work stands: a thing is in one of these at a time, so a new one replaces
# the stored one ("The migration is in progress" → "… is blocked"). Phrases, as written.
STATUSES = frozenset(
    phrase.strip()
    for phrase in """
    in progress|underway|under way|blocked|on hold|paused|done|finished|complete|completed|
    in review|under review|approved|rejected|merged|shipped|released|live|cancelled|canceled|
    deprecated|archived|pending|delayed|on track|at risk|stalled|in testing|in qa|in beta|
    en curso|en progreso|en marcha|bloqueado|bloqueada|en pausa|pausado|pausada|terminado|
    terminada|completado|completada|hecho|hecha|en revisión|aprobado|aprobada|rechazado|
    rechazada|cancelado|cancelada|retrasado|retrasada|pendiente|archivado|archivada|en pruebas|
    в работе|в процессе|заблокирован|заблокирована|заблокировано|заблокированы|на паузе|
    приостановлен|приостановлена|приостановлено|завершён|завершен|завершена|завершено|готов|
    готова|готово|на ревью|на проверке|одобрен|одобрена|отклонён|отклонен|отклонена|отменён|
    отменен|отменена|отложен|отложена|отложено|в ожидании|на тестировании|
    open|closed|resolved|fixed|reopened|abierto|abierta|cerrado|cerrada|resuelto|resuelta|
    открыт|открыта|открыто|закрыт|закрыта|закрыто|решён|решен|решена|исправлен|исправлена
    """.split("|")
)
# The statuses of a record (a ticket, an incident, a pull request) that other things have too:
# "The store is open" / "The store is closed" is no ticket's status.
RECORD_STATUSES = frozenset(
    """open closed resolved fixed reopened abierto abierta cerrado cerrada resuelto resuelta
    открыт открыта открыто закрыт закрыта закрыто решён решен решена исправлен исправлена""".split()
)
RECORDS = frozenset(
    """ticket tickets incident incidents issue issues bug bugs pr prs case cases request
    incidencia incidencias caso casos solicitud тикет тикета инцидент инцидента задача задачи
    заявка заявки баг бага обращение обращения""".split()
)
# The statuses that end a piece of work: told in the past ("INC-4412 was resolved", "PR #31
# was merged", "Тикет был закрыт"), they are where it stands now.
SETTLED_STATUSES = frozenset(
    """closed resolved fixed merged shipped released done finished completed cancelled canceled
    rejected approved archived cerrado cerrada resuelto resuelta terminado terminada completado
    completada cancelado cancelada aprobado aprobada rechazado rechazada archivado archivada
    закрыт закрыта закрыто решён решен решена исправлен исправлена завершён завершен завершена
    завершено отменён отменен отменена одобрен одобрена отклонён отклонен отклонена""".split()
)
# Words that name a status itself, not what it is of ("The migration *status* is …").
STATUS_WORDS = frozenset("status state estado статус состояние".split())

# A limit told as what may not go past it: "Files larger than 25 MB cannot be uploaded" is
# "The upload limit is 25 MB". The words of a limit, and of going past an amount.
LIMIT_WORDS = frozenset(
    """limit cap maximum max límite limite máximo maximo máxima maxima лимит максимум
    максимальный максимальная максимальное ограничение""".split()
)
BEYOND_WORDS = frozenset(
    """more larger bigger over above exceed exceeds longer greater más mayor mayores superar
    supera exceder excede больше более свыше превышать превышает""".split()
)

# Things of one kind, one of which someone uses or is at a time: news of a switch to another of
# the same kind replaces the stored one ("uses a Windows laptop" → "switched to a MacBook").
# Names and words as written, lower case; "_" joins the words of a name of two.
KINDS_OF_THINGS = {
    "laptop": "laptop notebook macbook thinkpad xps chromebook zenbook ноутбук portátil",
    "phone": "iphone pixel galaxy android samsung xiaomi oneplus huawei smartphone смартфон "
    "айфон móvil",
    "car": "kia skoda toyota honda tesla bmw audi volkswagen vw ford hyundai mazda nissan "
    "renault lada volvo subaru peugeot seat fiat civic corolla octavia",
    "editor": "vim neovim emacs cursor intellij pycharm sublime webstorm zed helix vscode vs_code",
    "language": "python go golang rust java kotlin typescript javascript ruby php scala elixir "
    "swift haskell clojure perl",
    "database": "postgres mysql mariadb mongodb sqlite oracle cassandra dynamodb clickhouse",
    "ci": "jenkins travis circleci teamcity buildkite",
    "os": "windows macos linux ubuntu debian fedora",
    "diet": "vegan vegana vegano vegetarian vegetariana vegetariano pescatarian keto веган "
    "веганка вегетарианец вегетарианка",
    "browser": "chrome firefox safari brave opera",
    "load testing": "jmeter k6 locust gatling",
}
# Those of them that are common words too, of a kind only when written as a name ("Go", not
# "go to the gym"; "Cursor", not "the cursor").
KINDS_OF_THINGS_AS_NAMES = frozenset(
    "go swift ruby cursor edge opera seat zed helix chrome".split()
)
# Verbs that tell a switch without a word of change: "traded in … for", "rewrote … in".
SWITCHING_WORDS = frozenset(
    """traded rewrote rewritten переписали переписал переписала переписан переписана
    reescribimos reescribieron reescrito reescrita hizo""".split()
)

# Verbs that head a predicate in facts agents keep, as written (parse.py stems them). A word
# with one of their stems starts the predicate unless a determiner comes right before it.
VERBS = {
    "english": """
live work use prefer like love hate enjoy own run lead manage report host deploy store cost
take meet start end finish move switch change replace join leave left speak write wrote
written support need want require allow block enable disable mentor drive drove play study
teach taught visit plan schedule happen occur expire renew pay paid earn weigh contain include
belong handle process serve send sent receive call attend go goes went gone get got buy bought
sell sold read watch listen eat ate drink drank cook make made build built create maintain
fund sponsor hire employ head chair coordinate develop design review approve release ship
launch publish migrate upgrade downgrade install configure monitor rotate expose integrate
connect depend rely point resolve redirect forward lock grant deny forbid permit prohibit
accept reject fail succeed pass keep kept retain hold held last remain stay sit sat travel
fly flew commute walk bike swim surf hike train practice learn know knew think believe feel
seem look sound mean dislike avoid sleep slept wake woke open close sing sang wear wore
mention said say tell told ask give gave miss lost lose won win bring brought begin began
begun help helps marry married date dating celebrate celebrates follow follows cover covers
fix fixes add adds remove removes break breaks update updates cause causes owe owes beat
collect collects
want wants save saving subscribe donate volunteer fear
expire expires shut shuts sit sits cache caches encrypt encrypts back handles ran
depart departs leaves arrive arrives lands finishes purchase purchases
trust trusts admire admires respect respects blame blames forgive forgives
""",
    "russian": """
живет живут жил жила жили живет работает работают работал работала работали находится
находятся находился находилась составляет составляют использует используют использовал
руководит руководят руководил руководила отвечает отвечают отвечал любит любят любил
любила предпочитает предпочитают переехал переехала переехали перешел перешла перешли
ведет ведут вел вела управляет управляют курирует владеет занимается пишет пишут написал
написала говорит хранит хранятся хранится развернут обслуживает поддерживает требует
стоит платит получает отправляет звонит встречается начинается начинает закончил заканчивает
завершает приходит уходит ушел ушла пришел пришла стал стала стали ест пьет ходит ездит
летает учит учится изучает преподает посещает планирует назначен назначена подчиняется
выкатываются выкатывается собирается проводит запускает обновляет мигрирует перевел
сменил изменил заменил уволился нанял нанимает принадлежит содержит включает зависит
сидит прошел прошла был была были будет имеет играет занимается знает говорят помогает
помогло помог поехал поехала ездил ездила купил купила продал продала выходит вышел
проходит проходят
отправляется отходит вылетает прибывает возглавляет возглавляют администрирует
доверяет доверяют уважает уважают
заканчивается заканчиваются завершается завершаются трудится приобрел приобрела
""",
    "spanish": """
acaba acaban terminan finaliza adquirió adquiere aterriza
vive viven vivía vivió trabaja trabajan trabajó usa usan usó utiliza utilizan prefiere
prefieren gusta gustan encanta odia dirige dirigen lidera gestiona administra lleva maneja
reporta alberga despliega almacena cuesta toma reúne empieza comienza termina mudó cambia
cambió reemplaza sustituye une dejó habla hablan escribe escribió escrito soporta necesita
quiere requiere permite bloquea habilita deshabilita conduce juega estudia enseña visita
planifica programa ocurre vence renueva paga gana pesa contiene incluye pertenece procesa
sirve envía recibe llama asiste compra vende mira escucha come bebe cocina hace construye crea
mantiene asigna asignado asignada ubica ubicado ubicada sitúa situado encuentra hospeda corre
ejecuta ejecutan lanza publica migra actualiza instala configura monitoriza rota expone
conecta depende apunta resuelve redirige abre cierra viaja sale vuelve llega aprueba aprueban
encarga practica celebra sigue cubre cifra acuesta levanta reside residen
confía confia admira respeta
vivo trabajo uso
""",
}

# One attribute of someone or something, said with a noun ("Tom's home is in Seattle", "the
# project deadline is …", "el gerente de Ana es …") or with a verb or adjective ("Tom lives in
# Seattle", "the project is due on …", "Ana reporta a …"): one relation, so a new value said
# either way replaces the old one. Only words read in one direction belong here: "Maria's
# manager is Oleg" is "Maria reports to Oleg", never "Maria manages Oleg".
RELATIONS = {
    "home": {
        "english": "home residence lives live resides reside dwell",
        "spanish": "vive viven reside residen residencia",
        "russian": "живет живут проживает проживают",
    },
    "manager": {
        "english": "manager boss supervisor reports",
        "spanish": "jefe jefa gerente supervisor supervisora reporta",
        "russian": "руководитель руководительница начальник начальница подчиняется",
    },
    "deadline": {
        "english": "deadline due",
        "spanish": "vence entrega plazo",
        "russian": "дедлайн срок",
    },
    "location": {
        "english": "located situated based headquartered",
        "spanish": "ubicado ubicada situado situada",
        "russian": "находится находятся расположен расположена расположено",
    },
    "birth": {
        "english": "birthday born",
        "spanish": "cumpleaños cumpleanos nació nacio nacimiento",
        "russian": "рождения родилась родился",
    },
    "language": {
        "english": "written implemented coded",
        "spanish": "escrito escrita implementado implementada programado programada",
        "russian": "написан написана написано написаны реализован реализована",
    },
}
# Verb classes that say nothing of which attribute a value belongs to.
GENERIC_VERBS = frozenset({"be", "have", "ser", "estar", "tener", "="})
# Words that only say which kind of value a relation holds ("the *date* of delivery").
RELATION_FILLERS = frozenset("date fecha límite limite дата сдачи день".split())

# Verbs and words whose object holds several values at once: a second language spoken, a
# second allergy, a second city visited is one more true fact, not a new value (numbers aside:
# "speaks 3 languages" → "speaks 4 languages" is a change).
MULTI_VALUED = {
    "english": "speak like love enjoy visit play collect know hate dislike allergic allergy "
    "allergies friend friends hobby hobbies language languages interest interests pet pets "
    "avoid avoids accept accepts depend depends compatible posted trust trusts "
    "mirrored access "
    "exported subscribed member contributes contributed certified participates "
    # what a piece of software has many of: "the users table has an index on email"
    "index indexes field fields column columns endpoint endpoints variable variables package "
    "packages foreign dependency dependencies include includes contain contains "
    # people one works or lives beside, and what one invests in (not clients: "the
    # support e-mail for enterprise clients" is one address)
    "colleague colleagues coworker coworkers teammate teammates neighbor neighbors neighbour "
    "neighbours invest invests",
    "russian": "говорит любит нравится играет знает посещал посетил коллекционирует аллергия "
    "аллергию дружит хобби язык избегаю избегает принимает зависит совместим совместима "
    "доверяет "
    "приходят доступ "
    "экспортируются участвует участник участница индекс поле колонка колонку эндпоинт "
    "переменная переменную пакет зависимость входит входят включает содержит "
    "коллега коллеги сосед соседка соседи подписан подписана подписаны "
    "инвестирует увлекается увлекаюсь увлекаются",
    "spanish": "habla gusta encanta juega toca conoce sabe visitó visita colecciona alérgico "
    "alérgica alergia pasatiempo idioma evito evita admite acepta depende compatible "
    "publican acceso confía "
    "exportan miembro contribuye participa suscrito suscrita índice campo columna endpoint "
    "variable paquete dependencia incluye incluyen contiene "
    "amigo amiga amigos compañero compañera compañeros colega colegas vecino vecina vecinos "
    "invierte",
    # the kanji a Japanese verb keeps once its endings are split off (speak, play an
    # instrument, depend on, know, like, keep a pet), read as written
    "japanese": "話 弾 依存 知 好 飼 使 投稿 アクセス メンバー 参加 購読 アレルギー インデックス "
    "フィールド カラム エンドポイント 変数 パッケージ フラグ 含 契約",
}
# Things one has several of at a time: "my new hobby" is one more, not the news that "my hobby"
# changed (as "my new manager" is).
MANY_HELD = frozenset(
    """hobby hobbies project projects friend friends client clients course courses class
    skill skills interest interests side-project colleague colleagues coworker coworkers
    teammate teammates neighbor neighbors neighbour neighbours хобби увлечение проект друг
    подруга клиент курс коллега коллеги сосед соседка соседи afición aficiones pasatiempo
    proyecto amigo amiga cliente curso compañero compañera colega vecino vecina 趣味 プロジェクト
    友達 友人 顧客 クライアント 講座 同僚 隣人 メンバー チームメンバー""".split()
)
# Pets, had one or several at a time like relatives ("has a cat named Tom").
PETS = frozenset(
    """cat cats dog dogs kitten puppy parrot hamster кот кошка кота кошку кошки собака собаку собаки
    пёс пес пса
    щенок попугай gato gata perro perra loro hámster""".split()
)
# Forms of verbs with several values at once that are read as written, not by their stem: the
# stem of "supports" is that of "Support email:", a key with one value.
# Words of MULTI_VALUED read only as written: their stem is another language's word too
# ("medication" stems to "medic", as the Spanish "médica", a doctor, does).
MULTI_VALUED_AS_WRITTEN = frozenset("medication medications".split())
MULTI_VALUED_FORMS = frozenset(
    "supports supported soporta soportan поддерживает поддерживают поддерживала".split()
)
# What one is in together with others, and is in several of at once: "is in the #incidents
# Slack channel" / "in the #release-train channel", "in the chess club" / "the book club" (not
# a team: one is on one team at a time).
GROUPS = {
    "english": "channel group club committee chat guild community choir band",
    "russian": "канал чат группа клуб комитет сообщество хор",
    "spanish": "canal grupo club comité chat comunidad coro",
}
# Teams: one is on one at a time, so being a member of another is a move ("Emma is on the
# Payments team" → "Emma is a member of the Growth team"); MEMBERSHIP names being in one.
TEAMS = {
    "english": "team squad department",
    "russian": "команда отдел",
    "spanish": "equipo departamento",
}
MEMBERSHIP = frozenset("member members miembro miembros участник участница".split())
# Verbs whose object often holds several values, but whose change an explicit update ("now
# wants a Rivian") can announce: a value swapped without such a word is one more value. (A
# place is closed on several days: "on public holidays" and "on Christmas Day".) First what
# one does, watches, follows or gives to ("listens to Radiohead" / "… to Björk": both) …
OFTEN_MANY_DONE = {
    "english": "read watch listen attend study learn eat drink want need keep teach write "
    "afraid fear follow subscribe volunteer donate reading watching listening root "
    "trust admire respect blame forgive",
    "russian": "читает смотрит слушает изучает ест ем едим пьёт пью пьём хочет нужен нужна "
    "нужно преподаёт преподает учит пишет боится доверяет доверяют уважает уважают",
    "spanish": "lee mira ve escucha estudia aprende come como bebe bebo tomo toma quiere "
    "necesita enseña escribe teme sigue leyendo viendo mirando escuchando cocina "
    "confía confia admira respeta",
}
# … and what is held, approved, sent or answered for, which a thing more often has one of
# ("The design system is owned by Lena"), unless said with "a" ("owns a Tesla").
OFTEN_MANY_HELD = {
    "english": "own mentor owner approve responsible handles take takes maintain send ship "
    "deliver closed",
    "russian": "владеет владелец владелица утверждает одобряет согласует отвечает ответственный "
    "ответственная сопровождает отправляет присылает закрыт закрыта закрыто",
    "spanish": "posee dueño dueña propietario propietaria aprueba encarga mantiene envía manda "
    "cerrado cerrada responsable preferencia preferencias mentor mentora",
}
OFTEN_MANY = {
    language: f"{OFTEN_MANY_DONE[language]} {OFTEN_MANY_HELD[language]}"
    for language in OFTEN_MANY_DONE
}
# Verbs with several values at once unless the object names what they are for: "We use
# Postgres" and "We use Redis" both hold; "uses Jenkins for CI" → "GitHub Actions for CI" is
# a new value.
CONTEXT_VALUED = {
    "english": "use",
    "russian": "использует используем используют пользуется пользуемся пользуются",
    "spanish": "usa usamos usan utiliza utilizamos",
}

# English irregular forms, so "led" and "leads" are one verb.
IRREGULAR = {
    "led": "lead", "ran": "run", "wrote": "write", "written": "write", "built": "build",
    "bought": "buy", "sold": "sell", "taught": "teach", "kept": "keep", "held": "hold",
    "went": "go", "gone": "go", "got": "get", "gotten": "get", "made": "make", "paid": "pay",
    "sent": "send", "left": "leave", "met": "meet", "took": "take", "taken": "take",
    "gave": "give", "given": "give", "told": "tell", "said": "say", "came": "come",
    "ate": "eat", "drank": "drink", "drove": "drive", "driven": "drive", "flew": "fly",
    "began": "begin", "begun": "begin", "won": "win", "lost": "lose", "sat": "sit",
    "slept": "sleep", "shut": "shut", "broke": "break", "broken": "break", "chose": "choose",
    "chosen": "choose", "spoke": "speak", "spoken": "speak", "knew": "know", "known": "know",
}  # fmt: skip
# Spanish participles not built on the verb's stem, by the verb ("fue escrito" is what
# "escribió" did).
IRREGULAR_ES = {
    **dict.fromkeys("escrito escrita escritos escritas".split(), "escribir"),
    **dict.fromkeys("hecho hecha hechos hechas".split(), "hacer"),
    **dict.fromkeys("dicho dicha dichos dichas".split(), "decir"),
    **dict.fromkeys("puesto puesta puestos puestas".split(), "poner"),
    **dict.fromkeys("visto vista vistos vistas".split(), "ver"),
    **dict.fromkeys("abierto abierta abiertos abiertas".split(), "abrir"),
    **dict.fromkeys("resuelto resuelta resueltos resueltas".split(), "resolver"),
    **dict.fromkeys("devuelto devuelta devueltos devueltas".split(), "devolver"),
    **dict.fromkeys("cubierto cubierta cubiertos cubiertas".split(), "cubrir"),
    **dict.fromkeys("roto rota rotos rotas".split(), "romper"),
    **dict.fromkeys("impreso impresa impresos impresas".split(), "imprimir"),
}

# English nouns ending in -ed that are not past tenses or participles.
NOT_PARTICIPLES = frozenset("need bed red feed seed speed breed hundred shed sled creed".split())
# Past-tense markers: a fact whose verb is one of these reports an event, and two events
# on different dates are two events, not one fact with a new date.
PAST_IRREGULAR = frozenset(
    """
went got took made saw came gave found told said bought sold ate drank met left ran wrote
read flew drove brought began kept held sat slept won lost spent sent built paid heard
spoke taught thought felt knew grew drew threw wore chose rode fell forgot understood stood
led fought caught swam sang broke woke hid shook lent meant dealt stole hung dug
""".split()
)

# Month and weekday names: dates are values, never names of a subject.
CALENDAR = frozenset(
    """
january february march april june july august september october november december monday
tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays
saturdays sundays today yesterday tomorrow tonight morning evening afternoon noon midnight
январь января февраль февраля март марта апрель апреля май мая июнь июня июль июля август
августа сентябрь сентября октябрь октября ноябрь ноября декабрь декабря январе феврале марте
апреле мае июне июле августе сентябре октябре ноябре декабре понедельник вторник
среда среду среды четверг пятница пятницу суббота субботу воскресенье понедельникам вторникам
средам четвергам пятницам субботам воскресеньям понедельника вторника четверга пятницы
субботы воскресенья понедельники вторники четверги понедельнику вторнику среде четвергу пятнице
субботе воскресенью пн вт ср чт пт сб вс сегодня вчера завтра
утром вечером днем
enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
lunes martes miércoles miercoles jueves viernes sábado sabado domingo sábados sabados domingos
hoy ayer mañana manana
tarde noche
今日 昨日 明日 最近 先週 今週 来週 先月 今月 来月 去年 昨年 今年 来年
""".split()
)

# The months' names among them (and "may", which is no date word alone).
CALENDAR_MONTHS = frozenset(
    """
january february march april may june july august september october november december
январь января февраль февраля март марта апрель апреля май мая июнь июня июль июля август
августа сентябрь сентября октябрь октября ноябрь ноября декабрь декабря январе феврале марте
апреле мае июне июле августе сентябре октябре ноябре декабре
enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
""".split()
)

# Words that name which days something recurs on, besides the days' own names: the same
# value on other days is another occasion, not a new value ("closes at 21:00 on weekdays" /
# "on weekends").
OCCASIONS = frozenset(
    """
weekday weekdays weekend weekends workday workdays holiday holidays будни будням выходные
выходным выходных праздники праздникам laborables festivos finde
morning mornings afternoon evening evenings night breakfast lunch dinner утром вечером днём
ночью завтрак завтраком обед обедом ужин ужином desayuno almuerzo comida cena
""".split()
)

# Short month and day names, and "May", are dates only beside a number ("Jun 12", "12 may",
# "Tue 14:00"): alone they are names and words ("Jun sent …", "data may be exported").
CALENDAR_SHORT = frozenset(
    "may jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat "
    "sun am pm".split()
)
# The short names beside a number, read as the full ones ("Mar 3" is "March 3").
CALENDAR_FULL = {
    "jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june",
    "jul": "july", "aug": "august", "sep": "september", "sept": "september", "oct": "october",
    "nov": "november", "dec": "december", "mon": "monday", "tue": "tuesday", "tues": "tuesday",
    "wed": "wednesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday",
    "fri": "friday", "sat": "saturday", "sun": "sunday",
}  # fmt: skip

# Number words, read as the numbers they name ("five minutes" is "5 minutes"). "One" and its
# kin are left out: they are articles and pronouns as often as numbers.
_TENS = ("15", "20", "30", "40", "50", "60", "100")
_TEENS = ("13", "14", "16", "17", "18", "19")
_HIGH_TENS = ("70", "80", "90")
NUMBERS = {
    **{w: str(n) for n, w in enumerate(
        "zero - two three four five six seven eight nine ten eleven twelve".split()) if n},
    **{w: str(n) for n, w in enumerate(
        "ноль - два три четыре пять шесть семь восемь девять десять".split()) if n},
    **{w: str(n) for n, w in enumerate(
        "cero - dos tres cuatro cinco seis siete ocho nueve diez once doce".split()) if n},
    # the collective numerals of people and children: "двое детей", "трое друзей"
    **dict(zip("двое трое четверо пятеро шестеро".split(), "2 3 4 5 6".split(), strict=True)),
    "две": "2", "dozen": "12", "docena": "12", "дюжина": "12", "полтора": "1.5",
    "полторы": "1.5",
    **dict(zip("fifteen twenty thirty forty fifty sixty hundred".split(), _TENS, strict=True)),
    **dict(zip("пятнадцать двадцать тридцать сорок пятьдесят шестьдесят сто".split(), _TENS,
               strict=True)),
    **dict(zip("quince veinte treinta cuarenta cincuenta sesenta cien".split(), _TENS,
               strict=True)),
    **dict(zip("thirteen fourteen sixteen seventeen eighteen nineteen".split(), _TEENS,
               strict=True)),
    **dict(zip("тринадцать четырнадцать шестнадцать семнадцать восемнадцать девятнадцать"
               .split(), _TEENS, strict=True)),
    **dict(zip("trece catorce dieciséis diecisiete dieciocho diecinueve".split(), _TEENS,
               strict=True)),
    "одиннадцать": "11", "двенадцать": "12", "dieciseis": "16",
    **dict(zip("seventy eighty ninety".split(), _HIGH_TENS, strict=True)),
    **dict(zip("семьдесят восемьдесят девяносто".split(), _HIGH_TENS, strict=True)),
    **dict(zip("setenta ochenta noventa".split(), _HIGH_TENS, strict=True)),
    # the hundreds written as one word: "пятьсот", "quinientos"
    **{w: str(100 * n) for n, w in enumerate(
        "- - двести триста четыреста пятьсот шестьсот семьсот восемьсот девятьсот"
        .split()) if n > 1},
    **{w: str(100 * n) for n, w in enumerate(
        "- - doscientos trescientos cuatrocientos quinientos seiscientos setecientos "
        "ochocientos novecientos".split()) if n > 1},
    **{w: str(100 * n) for n, w in enumerate(
        "- - doscientas trescientas cuatrocientas quinientas seiscientas setecientas "
        "ochocientas novecientas".split()) if n > 1},
}  # fmt: skip
# The hours of the clock as Russian ordinals in the genitive: "в половине седьмого" is half of
# the seventh hour, 6:30.
ORDINAL_HOURS = {
    w: n
    for n, w in enumerate(
        """- первого второго третьего четвёртого пятого шестого седьмого восьмого девятого
        десятого одиннадцатого двенадцатого""".split()
    )
    if n
} | {"четвертого": 4}
# A day of the month told as an ordinal ("the twelfth of November", "двенадцатого ноября",
# "двадцать пятое мая"): read as the number when a month or "числа" stands beside it.
_ORDINAL_DAY_WORDS = {
    "english": """first second third fourth fifth sixth seventh eighth ninth tenth eleventh
    twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth
    twentieth""",
    "genitive": """первого второго третьего четвёртого пятого шестого седьмого восьмого
    девятого десятого одиннадцатого двенадцатого тринадцатого четырнадцатого пятнадцатого
    шестнадцатого семнадцатого восемнадцатого девятнадцатого двадцатого""",
    "nominative": """первое второе третье четвёртое пятое шестое седьмое восьмое девятое десятое
    одиннадцатое двенадцатое тринадцатое четырнадцатое пятнадцатое шестнадцатое семнадцатое
    восемнадцатое девятнадцатое двадцатое""",
}
ORDINAL_DAYS = {
    word: str(n)
    for words in _ORDINAL_DAY_WORDS.values()
    for n, word in enumerate(words.split(), start=1)
} | {
    "thirtieth": "30", "тридцатого": "30", "тридцатое": "30", "четвертого": "4",
    "четвертое": "4", "primero": "1",
}  # fmt: skip

# Parts of an hour told in words, as minutes ("half an hour" is 30 minutes). Longest first:
# "three quarters of an hour" before "quarter of an hour".
PARTS_OF_HOURS = {
    tuple(phrase.split()): minutes
    for phrase, minutes in (
        ("an hour and a half", 90),
        ("one hour and a half", 90),
        ("una hora y media", 90),
        ("three quarters of an hour", 45),
        ("tres cuartos de hora", 45),
        ("a quarter of an hour", 15),
        ("quarter of an hour", 15),
        ("un cuarto de hora", 15),
        ("cuarto de hora", 15),
        ("half an hour", 30),
        ("a half hour", 30),
        ("half hour", 30),
        ("media hora", 30),
        ("четверть часа", 15),
        ("полчаса", 30),
    )
}
# The hours of the clock in the genitive, read as hours before a part of the day ("до пяти
# вечера" is before 17:00).
GENITIVE_HOURS = dict(
    zip(
        """двух трёх трех четырёх четырех пяти шести семи восьми девяти десяти одиннадцати
        двенадцати""".split(),
        (2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12),
        strict=True,
    )
)
# Words that multiply the number before them: "five thousand", "cinco mil", "пять тысяч".
MULTIPLIERS = {
    **dict.fromkeys("hundred hundreds сотни сот".split(), 100),
    **dict.fromkeys("thousand thousands mil тысяча тысячи тысяч тыс".split(), 1000),
    **dict.fromkeys(
        "million millions millón millon millones миллион миллиона миллионов млн".split(),
        1_000_000),
}  # fmt: skip
# Parts of the day that turn the hour before them into a time ("6 in the evening", "шесть
# вечера", "10 de la noche" are 18:00, 18:00 and 22:00): "am", "pm", or "night" (an hour of
# six or more is in the evening, else after midnight). "дня" is a time only after "часа"
# ("в 2 часа дня"): alone, "2 дня" is two days.
DAY_PARTS = {
    **dict.fromkeys("morning утра mañana manana madrugada".split(), "am"),
    **dict.fromkeys("afternoon evening вечера tarde".split(), "pm"),
    **dict.fromkeys("night ночи noche".split(), "night"),
}
# Currencies after an amount, read as its sign before it ("10 dollars", "10 $" and "$10" are
# one value).
CURRENCIES = {
    **dict.fromkeys("dollar dollars usd доллар доллара долларов dólar dólares".split(), "$"),
    # (a peso is written "$" too where it is spent, but is no dollar)
    **dict.fromkeys("peso pesos песо".split(), "peso$"),
    **dict.fromkeys("euro euros eur евро".split(), "€"),
    **dict.fromkeys("pound pounds gbp фунт фунта фунтов libra libras".split(), "£"),
    **dict.fromkeys("рубль рубля рублей руб rub".split(), "₽"),
    **dict.fromkeys("yen yenes иен йен".split(), "¥"),
}
# "Two and a half", "dos y media", "два с половиной": a number and a half.
HALVES = (("and", "a", "half"), ("y", "media"), ("y", "medio"), ("с", "половиной"))
# Units, read as one spelling ("25 МБ", "25 мегабайт" and "25 MB" are one value).
UNITS = {
    **dict.fromkeys("mb megabyte megabytes мб мегабайт мегабайта мегабайтов".split(), "mb"),
    **dict.fromkeys("gb gigabyte gigabytes гб гигабайт гигабайта гигабайтов".split(), "gb"),
    **dict.fromkeys("kb kilobyte kilobytes кб килобайт".split(), "kb"),
    **dict.fromkeys(
        "min mins minute minutes минута минуты минут мин minuto minutos".split(), "min"),
    **dict.fromkeys("h hr hrs hour hours час часа часов ч hora horas".split(), "h"),
    **dict.fromkeys("day days день дня дней día días dia dias".split(), "day"),
    **dict.fromkeys("km kilometre kilometres kilometer kilometers км".split(), "km"),
    **dict.fromkeys("percent percentage процент процента процентов".split(), "pct"),
    **dict.fromkeys("tb terabyte terabytes тб терабайт терабайта".split(), "tb"),
    **dict.fromkeys(
        "s sec secs second seconds секунда секунды секунд segundo segundos".split(), "s"),
    **dict.fromkeys("ms millisecond milliseconds мс миллисекунд milisegundos".split(), "ms"),
    **dict.fromkeys("week weeks неделя недели недель semana semanas".split(), "week"),
    **dict.fromkeys("month months месяц месяца месяцев mes meses".split(), "month"),
    **dict.fromkeys("year years год года лет año años".split(), "year"),
    **dict.fromkeys("ft foot feet фут фута футов pie pies".split(), "ft"),
    **dict.fromkeys("cm centimetre centimetres centimeter centimeters см".split(), "cm"),
    **dict.fromkeys("kg kilo kilos kilogram kilograms кг килограмм килограмма".split(), "kg"),
    **dict.fromkeys("mg milligram milligrams мг миллиграмм миллиграммов".split(), "mg"),
    **dict.fromkeys("lb lbs".split(), "lb"),
}  # fmt: skip

# What each unit measures: "512 MB" and "2 GB" are amounts of one thing, told in two units.
UNIT_MEASURES = {
    **dict.fromkeys(("kb", "mb", "gb", "tb"), "bytes"),
    **dict.fromkeys(("ms", "s", "min", "h"), "time"),
    **dict.fromkeys(("day", "week", "month", "year"), "days"),
    "km": "km", "pct": "%", "ft": "ft", "cm": "cm", "kg": "kg", "mg": "mg", "lb": "lb",
}  # fmt: skip

# Words that ask: a question reports no value, so it never replaces a fact.
QUESTION_WORDS = frozenset(
    """
who what when where why how which whom whose do does did is are can could would should
кто что когда где почему зачем как какой какая какие сколько ли
quién quien qué que cuándo cuando dónde donde cómo como cuál cual cuánto cuanto
""".split()
)

# Adverbs that say nothing about the subject ("Maria really likes tea").
ADVERBS = frozenset(
    """
really always usually often still also just actually finally currently recently already
sometimes generally mostly typically normally truly definitely certainly probably
действительно обычно часто всегда иногда уже просто
realmente normalmente siempre a menudo ya solo sólo
""".split()
)

# How often a statement holds, by class, in English, Russian and Spanish (phrases split by
# "|"): "Tom always takes the train" and "Tom sometimes takes the train" are two statements,
# though every other word is the same. The first phrase of each language is how the parse says
# all of them (`FREQUENCY_CANONICAL`), so "a veces" and "de vez en cuando" read alike. "Never"
# is a negation (NEGATIONS): "almost never" reads as rarely.
_FREQUENCY_TABLE = {
    "always": ("always|constantly|invariably", "всегда|постоянно|неизменно",
               "siempre|constantemente"),
    "usually": ("usually|normally|generally|typically|mostly|as a rule|almost always",
                "обычно|как правило|почти всегда",
                "normalmente|generalmente|habitualmente|por lo general|casi siempre"),
    "often": ("often|frequently", "часто|нередко", "a menudo|con frecuencia|frecuentemente"),
    "sometimes": ("sometimes|occasionally|at times|from time to time|now and then"
                  "|once in a while", "иногда|порой|изредка|время от времени",
                  "a veces|de vez en cuando|ocasionalmente|a ratos"),
    "rarely": ("rarely|seldom|hardly ever|barely ever|almost never", "редко|почти никогда",
               "rara vez|raramente|casi nunca|pocas veces"),
}  # fmt: skip
FREQUENCIES = {
    phrase: name
    for name, languages in _FREQUENCY_TABLE.items()
    for phrases in languages
    for phrase in phrases.split("|")
}
# How often by the period ("once a week" is "weekly"), and "times" counted per period in one
# way ("three times per week" is "three times a week"): read in one way only, so that two facts
# saying the same in other words read alike. (No frequency of `FREQUENCIES`: "weekly" and
# "daily" are values, which may change.)
_PERIOD_TABLE = {
    "daily": ("daily|every day|each day|once a day|once per day",
              "ежедневно|каждый день|раз в день|раз в сутки|один раз в день",
              "a diario|diariamente|todos los días|todos los dias|cada día|cada dia"
              "|una vez al día|una vez al dia|una vez por día|una vez por dia"),
    "weekly": ("weekly|every week|each week|once a week|once per week",
               "еженедельно|каждую неделю|раз в неделю|один раз в неделю",
               "semanalmente|cada semana|todas las semanas|una vez por semana"
               "|una vez a la semana"),
    "monthly": ("monthly|every month|each month|once a month|once per month",
                "ежемесячно|каждый месяц|раз в месяц|один раз в месяц",
                "mensualmente|cada mes|todos los meses|una vez al mes|una vez por mes"),
    "yearly": ("yearly|annually|every year|each year|once a year|once per year",
               "ежегодно|каждый год|раз в год|один раз в год",
               "anualmente|cada año|cada ano|todos los años|todos los anos|una vez al año"
               "|una vez por año"),
    "times a week": ("times a week|times per week", "", "veces por semana|veces a la semana"),
    "times a month": ("times a month|times per month", "", "veces por mes|veces al mes"),
    "times a day": ("times a day|times per day", "", "veces por día|veces al día|veces al dia"),
    "times a year": ("times a year|times per year", "", "veces por año|veces al año"),
}  # fmt: skip
FREQUENCY_CANONICAL = {
    phrase: phrases.split("|")[0]
    for table in (_FREQUENCY_TABLE, _PERIOD_TABLE)
    for languages in table.values()
    for phrases in languages
    if phrases
    for phrase in phrases.split("|")
}
# A statement said without one holds as a rule: "The office is closed on Sundays" is "… always
# closed …" and "… usually closed …", never "… sometimes closed …".
UNSAID_FREQUENCIES = frozenset({"always", "usually"})

# Words that make the rest of a fact say another thing, not more of it: "Kai is Lena's former
# manager" does not say that Kai is Lena's manager, nor "Ben lives near Rome" that he lives in
# Rome, nor "Some tests pass" that the tests pass. One fact with such a word and the other
# without it are two statements. Russian words are given by the letters all their forms begin
# with (LIMITER_STEMS).
LIMITERS = frozenset(
    """
former ex previous future interim acting deputy assistant vice potential prospective
primary backup secondary
partially partly half near nearby close some few several most many
ex antiguo antigua antiguos antiguas futuro futura interino interina adjunto adjunta asistente
potencial parcialmente medias cerca algunos algunas pocos pocas varios varias mayoría muchos
muchas
наполовину возле рядом около несколько экс вице
""".split()
)
LIMITER_STEMS = (
    "бывш", "будущ", "временн", "исполняющ", "заместител", "помощни", "потенциальн", "частичн",
    "некотор", "немног", "большинств", "многи",
)  # fmt: skip

# Markers that a statement adds to what was said, not replaces it ("now leads X too").
ADDITIVE_WORDS = frozenset(
    "too also additionally тоже также ещё еще también además ja:also".split()
)
# Phrases that add a value beside the one held: "… in us-east-1 as a second copy".
ADDITIVE_PHRASES = (
    ("as", "a", "second"), ("as", "well"), ("in", "addition"), ("como", "segunda"),
    ("como", "segundo"), ("в", "качестве", "второй"), ("в", "качестве", "второго"),
)  # fmt: skip

# Words that name one attribute in other words, each group read as one concept when two facts
# are compared as a whole ("the upload cap" / "the maximum upload size", "Sergey's boss" /
# "Sergey reports to"). A closed set of what facts about people and systems most often say;
# the words are stemmed in every language that could have written them.
SYNONYMS = {
    "manager": "manager boss supervisor jefe jefa gerente supervisora reporta "
    "руководитель руководительница начальник начальница подчиняется",
    "lead": "lead leads leader head heads led lidera dirige líder lider возглавляет руководит "
    "заведует главный техлид тимлид",
    "deadline": "deadline due дедлайн срок plazo vence entrega",
    "work": "work works job employed employs employer trabaja empleado работает трудится работа "
    "role position puesto cargo должность роль career careers carrera профессия 働 勤",
    "use": "use uses used utiliza usa usan используем использует используют применяет "
    "пользуется пользуемся пользуются",
    "location": "located based situated headquartered headquarters hq ubicado ubicada situado "
    "situada sede находится находятся расположен расположена штаб-квартира",
    "event": "held happens happen occurs celebra celebran проходит проходят состоится пройдет "
    "пройдёт пройдут",
    "age": "age aged edad возраст",
    "listen": "listen listens listening escucha слушает",
    "own": "own owns owned owner ownership dueño propietario владеет владелец",
    "belong": "belong belongs belonged pertenece pertenecen принадлежит принадлежат",
    "phone": "phone telephone mobile cell teléfono telefono móvil movil телефон мобильный",
    "email": "email e-mail mail correo почта",
    "close": "close closes closed closing shut shuts cierra cierran cerrado cerrada cierre "
    "закрывается закрываются закрыт закрыта закрытие",
    "open": "open opens opening abre abren abierto abierta apertura открывается открываются "
    "открыт открыта открытие",
    "password": "password passcode contraseña clave пароль",
    "limit": "limit limited cap maximum max límite limite máximo maximo лимит максимум ограничение",
    "plan": "plan planned schedule scheduled previsto planificado запланирован "
    "запланирована назначен назначена",
    "release": "release released ship ships shipped launch launched lanzamiento выпуск релиз",
    "home": "home live lives residence reside resides vive reside живет живёт проживает "
    "settled поселился поселилась",
    "run": "run runs running deployed hosted host corre despliega desplegado alojado "
    "развернут развёрнут хостится хостятся",
    "prefer": "prefer prefers favorite favourite preferred prefiere favorito favorita "
    "предпочитает любимый любимая любимое",
    "report": "report summary digest informe resumen отчёт отчет сводка",
    "meeting": "meeting meetings meet reunión reunion reuniones reúne reúnen reunimos встреча "
    "встречи созвон",
    "price": "price cost costs precio cuesta cuestan цена стоит стоимость",
    "expire": "expire expires expiry ttl timeout caduca vence истекает",
    "send": "send sent sends goes envía envia рассылается отправляется уходит",
    "start": "start starts begin begins beginning empieza comienza inicio comienzo начинается "
    "начало 始 開始",
    "depart": "depart departs departure leaves sale salen parte parten отправляется отходит "
    "вылетает",
    "arrive": "arrive arrives arrival land lands llega llegan aterriza прибывает прилетает "
    "приземляется",
    "end": "end ends finish finishes termina terminan acaba acaban finaliza заканчивается "
    "заканчиваются завершается завершаются кончается",
    "buy": "buy buys bought purchase purchased purchases compró compra adquirió adquiere купил "
    "купила приобрел приобрёл приобрела",
    "responsible": "assigned assignee responsible charge handles handle asignada asignado "
    "encarga encargado responsable отвечает ответственный ответственная",
    "approve": "approve approves approved approval aprueba aprobado aprobación утверждает "
    "одобряет согласует",
    "spouse": "married marry wife husband spouse esposa esposo marido casado casada жена муж "
    "женат замужем супруг супруга",
    "allergy": "allergy allergic alergia alérgico alérgica аллергия аллергик",
    "study": "study studies studied student graduated graduate estudia estudió estudiante "
    "учится учился училась студент студентка окончил окончила",
    "speak": "speak speaks speaker habla hablante говорит",
    "duration": "length duration lasts last dura duran duración tarda tardan длится длятся "
    "занимает занимают длительность продолжительность",
    "visit": "visit visits visited went visitó viajó посетил посетила съездил съездила ездил "
    "ездила",
    "salary": "salary earns wage sueldo salario cobra зарплата получает",
    "office": "office oficina офис",
    "daily": "daily diario diaria diariamente ежедневно ежедневный ежедневная ежедневное",
    "weekly": "weekly semanal semanalmente еженедельно еженедельный",
    "monthly": "monthly mensual mensualmente ежемесячно ежемесячный ежемесячная",
    "nightly": "nightly night nocturno ночь ночью ночной ночная",
    "call": "call calls llamada llamar llama звонок звонить звонит",
    "keep": "kept keep keeps stored store stores retention retained retain retains retención "
    "conservan guarda guardan guardado guardada almacena almacenan almacenado almacenada "
    "хранится хранятся хранит хранение хранения",
    "eat": "eat eats ate consume consumes come comen comía ест едят употребляет употребляют 食 口",
    "backup": "backup backups respaldo бэкап резервная копия копии",
    "birthday": "birthday born birth cumpleaños nació nacimiento родился родилась рождения",
    "big": "big large grande большой большая большое крупный крупная",
    "child": "child children kid kids niño niños niña niñas ребёнок ребенок ребёнка ребенка дети "
    "детей детьми",
    "car": "car automobile coche automóvil машина машину автомобиль",
}
# Two words that name one concept only together ("reports to" is a manager; "reports" alone
# are documents).
SYNONYM_PAIRS = {
    # how often, said with a unit of time: "500 a month" is "500 monthly"
    ("a", "day"): "daily",
    ("per", "day"): "daily",
    ("al", "día"): "daily",
    ("por", "día"): "daily",
    ("в", "день"): "daily",
    ("a", "week"): "weekly",
    ("per", "week"): "weekly",
    ("por", "semana"): "weekly",
    ("в", "неделю"): "weekly",
    ("a", "month"): "monthly",
    ("per", "month"): "monthly",
    ("al", "mes"): "monthly",
    ("por", "mes"): "monthly",
    ("в", "месяц"): "monthly",
    ("reports", "to"): "manager",
    ("report", "to"): "manager",
    ("reporting", "to"): "manager",
    ("in", "charge"): "responsible",
    ("a", "cargo"): "responsible",
    ("fecha", "límite"): "deadline",
    ("fecha", "limite"): "deadline",
    ("срок", "сдачи"): "deadline",
    ("дата", "сдачи"): "deadline",
    ("due", "date"): "deadline",
}
# Acronyms that name an attribute, and the words they stand for: "CTO" and "chief technology
# officer" are one concept.
ACRONYMS = {
    "cto": "chief technology officer",
    "ceo": "chief executive officer",
    "cfo": "chief financial officer",
    "coo": "chief operating officer",
    "vp": "vice president",
    "pm": "product manager",
    "qa": "quality assurance",
    "hr": "human resources",
    "ttl": "time to live",
    "eta": "estimated time of arrival",
    "sre": "site reliability engineer",
}
# Concepts of a relation with a direction between two parties, said in words that turn it
# round: "Tom manages Anna" / "Anna reports to Tom".
DIRECTED = frozenset({"manager", "lead", "own", "responsible", "approve", "send", "call"})
# Concepts (of SYNONYMS) of a role one person holds at a time: who leads a team or answers for
# a task. "Now Vadim is responsible for marketing" names who holds it instead of Liza; "now Bob
# lives in Paris" takes nothing from Alice, who may live there too.
SINGLE_HOLDER = frozenset({"lead", "responsible"})
# Concepts of one relation told from either end: "Mark owns the car" is "the car belongs to
# Mark" when the two sides swap places.
CONVERSES = {"belong": "own", "own": "belong"}
# Concepts of a relation both ways: "Rahul is married to Ananya" is "Ananya is Rahul's wife".
SYMMETRIC = frozenset({"spouse"})

# Words that count or repeat, no part of what a fact is about ("every night", "каждую ночь").
QUANTIFIERS = frozenset("every each cada каждый каждая каждое каждую каждые".split())
# Words that set which side of a value a fact means: never dropped as a rewording.
POLAR_WORDS = frozenset(
    "before after over under above below antes después despues до после больше меньше más "
    "menos more less".split()
)

# Words that join a second clause or item: a fact with more of them says more.
CONJUNCTIONS = frozenset("and but while plus y e pero mientras и а но также".split())
# Words that, as the key of a note, name an attribute holding one value at a time: "Timezone:
# Europe/Berlin" then "Timezone: America/New_York" is a new value (the key's capital letter is
# no name's). Each word as written, in every language.
ATTRIBUTE_KEYS = frozenset(
    """timezone tz editor ide shell os browser laptop phone mobile email address city country
    location status version deadline budget price rent salary plan tier region theme font
    title employer birthday company workplace job dentist doctor manager car
    часовой пояс редактор оболочка браузер ноутбук телефон почта адрес город страна статус
    версия дедлайн бюджет цена аренда зарплата тариф регион тема шрифт должность работодатель
    компания работы работа стоматолог врач руководитель машина
    horaria editor navegador portátil teléfono móvil correo dirección ciudad país estado
    versión plazo presupuesto precio alquiler salario tarifa región tema fuente puesto cargo
    empresa trabajo dentista médico jefe jefa coche
    タイムゾーン エディタ 住所 電話 メール 締め切り 予算 家賃 給料 役職 勤務先 会社 住まい 職場
    スマホ 車 上司 歯医者 担当医""".split()
)
# Words that make an attribute hold one value ("her *favourite* language", not the languages
# she speaks): a new value there replaces the old one.
ONE_VALUE = frozenset(
    "favorite favourite favorito favorita preferido preferida любимый любимая любимое любимого "
    "main primary principal основной основная главный".split()
)
# British spellings, read as the American ones when two facts are compared as wholes.
SPELLINGS = {
    "colour": "color", "colours": "colors", "favourite": "favorite", "behaviour": "behavior",
    "centre": "center", "grey": "gray", "licence": "license", "organisation": "organization",
    "organise": "organize", "analyse": "analyze", "cancelled": "canceled", "catalogue": "catalog",
    "programme": "program", "defence": "defense", "theatre": "theater", "metre": "meter",
    "litre": "liter", "travelling": "traveling", "neighbour": "neighbor", "flavour": "flavor",
    "e-mail": "email", "honour": "honor", "labour": "labor", "realise": "realize",
    "colour's": "color", "optimise": "optimize", "prioritise": "prioritize",
}  # fmt: skip

# One predicate said with other verbs: a fact whose head verb is one of a group says what it
# would say with any other of the group. Read only as the head verb of two facts whose other
# words, values, names and polarity are all the same, in the same order (`classify.py`,
# `_predicate_reworded`): "Marco finished the migration" / "Marco completed the migration",
# never "Anna completed …" or "… on Monday". Forms as written; they are stemmed in every
# language, so the forms listed stand for their inflections. A verb of two senses is left out
# ("get", "take"), and so is one whose synonym needs a negation ("no permite", "терпеть не
# может": the polarity check keeps them apart).
PREDICATE_SYNONYMS = {
    "end": "finish finishes finished complete completes completed end ends ended expire expires "
    "expired terminate terminates terminated закончил закончила закончили заканчивает "
    "завершил завершила завершили завершает окончил окончила истекает заканчивается "
    "завершается terminó termina terminaron terminar completó completa completaron acabó "
    "acaba finalizó finaliza vence venció caduca caducó expira expiró",
    "call": "call calls called phone phones phoned позвонил позвонила позвонили звонит "
    "llamó llama telefoneó",
    "stop": "quit quits stop stops stopped бросил бросила бросили перестал перестала dejó deja",
    "help": "help helps helped assist assists assisted помогает помог помогла помогли "
    "ayuda ayudó ayudaron",
    "arrive": "arrive arrives arrived приехал приехала приехали прибыл прибыла прибыли "
    "приезжает прибывает llegó llega",
    "fix": "fix fixes fixed repair repairs repaired mend mended починил починила починили "
    "отремонтировал отремонтировала исправил исправила arregló arregla reparó repara",
    "delete": "delete deletes deleted remove removes removed erase erases erased удаляет "
    "удалил удалила стирает стер стёр стерла borra borró elimina eliminó",
    "choose": "choose chooses chose pick picks picked select selects selected выбрал выбрала "
    "выбрали eligió elige escogió escoge seleccionó",
    "hate": "hate hates hated detest detests detested loathe loathes ненавидит odia odió "
    "detesta detestó",
    "forbid": "forbid forbids forbade prohibit prohibits prohibited ban bans banned запрещает "
    "запретил запретила prohíbe prohibió",
    "start": "start starts started begin begins began commence commences commenced начал "
    "начала начали начинает стартовал стартовала empezó empieza comenzó comienza inició "
    "inicia",
    "build": "build builds built create creates created создал создала создали построил "
    "построила построили creó crea construyó construye",
    "include": "include includes included contain contains contained включает содержит "
    "incluye contiene",
    "return": "return returns returned вернулся вернулась вернулись возвратился возвратилась "
    "возвратились volvió vuelve regresó regresa",
    "buy": "buy buys bought purchase purchases purchased купил купила купили покупает "
    "приобрел приобрела приобрели приобретает compró compra adquirió adquiere",
    "answer": "answer answers answered reply replies replied respond responds responded "
    "ответил ответила ответили отвечает contestó contesta respondió responde",
    "cancel": "cancel cancels cancelled canceled отменил отменила отменили canceló cancela "
    "anuló anula",
    "move": "move moves moved relocate relocates relocated переехал переехала переехали "
    "перебрался перебралась перебрались mudó muda trasladó traslada",
    "send": "send sends sent отправил отправила отправили отправляет послал послала послали "
    "посылает mandó manda envió envía",
    "leave": "покинул покинула покинули",
    "show": "show shows showed demonstrate demonstrates demonstrated показал показала "
    "показали показывает продемонстрировал продемонстрировала mostró muestra",
    "teach": "teach teaches taught преподает преподавал преподавала enseña enseñó",
    "coach": "coach coaches coached тренирует тренировал тренировала entrena entrenó",
    "manage": "manage manages managed управляет руководит руководил руководила",
    "direct": "dirige dirigió",
    "fear": "fear fears feared боится боялся боялась teme temía",
}
# Groups whose words name other things as nouns ("a phone" is no "call"): read in other words
# only as the head verb the parse found, never as a word it did not know for a verb.
NOUN_SENSES = frozenset({"call"})
# The same predicates said in a phrase: another verb with a noun ("has a fear of", "дал ответ",
# "tiene miedo a"), a verb with a particle ("called off", "came back", "ушёл из"), a copula with
# a noun or adjective of the verb ("is afraid of", "is the coach of", "— тренер", "es
# profesora de"). Each phrase is words as written (normalised), with "@be" for a copula or the
# Russian dash, "@have" for a verb of having, "@det" for an article or none, a word ending in
# "?" for that word or none, and "*" for one to three words of the object said before the noun
# ("has a peanut allergy" is "is allergic to peanuts"). The phrase stands where the predicate
# is, so what it names comes after it, as after a verb.
PREDICATE_PHRASES = {
    "cancel": ("called off", "call off", "calls off"),
    "return": ("came back", "comes back", "come back"),
    "answer": ("replied to", "replies to", "reply to", "responded to", "responds to",
               "дал ответ", "дала ответ", "дали ответ"),
    "help": ("оказывает помощь", "оказал помощь", "оказала помощь", "echa una mano",
             "echó una mano", "assisted with", "helped with"),
    "leave": ("ушел из", "ушла из", "ушли из", "уходит из"),
    "move": ("se mudó", "se muda", "se trasladó", "se traslada"),
    "start": ("приступил к", "приступила к", "приступили к"),
    "fear": ("@be afraid of", "@be scared of", "@have @det fear of", "tiene miedo a",
             "tiene miedo de", "teme a", "temía a", "@have страх"),
    "allergy": ("@be allergic to", "@have @det allergy to", "@have @det * allergy",
                "@have alergia a", "@be alérgico a", "@be alérgica a",
                "страдает аллергией на", "@have аллергия на"),
    "teach": ("@be @det teacher of", "@be @det * teacher", "@be @det profesor de",
              "@be @det profesora de", "@be @det maestro de", "@be @det maestra de",
              "@be учитель", "@be учительница", "@be преподаватель", "@be преподавательница"),
    "coach": ("@be @det coach of", "@be @det * coach", "@be @det entrenador de",
              "@be @det entrenadora de", "@be @det entrenador del", "@be @det entrenadora del",
              "entrena a", "entrena al", "@be тренер"),
    "manage": ("@be @det manager of", "@be @det * manager", "@be руководитель",
               "@be руководительница"),
    "direct": ("@be @det director de", "@be @det directora de", "@be @det director del",
               "@be @det directora del"),
    "responsible": ("@be responsible for", "@be in charge of", "отвечает за",
                    "@be responsable de", "@be responsable del"),
}  # fmt: skip
# Words a phrase's "@be" and "@have" stand for ("—": "Саша — тренер" is "Sasha is a coach").
PREDICATE_COPULAS = frozenset("is are am was were 's — es son era fue está".split())
PREDICATE_HAVE = frozenset("has have had tiene tienen tenía у".split())
# Numbers said as how many times: "twice a month" is "two times a month", "дважды" is "два раза".
TIMES_WORDS = {
    "twice": ("2", "times"), "thrice": ("3", "times"),
    "дважды": ("2", "раза"), "трижды": ("3", "раза"),
}  # fmt: skip
