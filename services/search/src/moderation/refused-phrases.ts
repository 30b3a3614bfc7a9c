/*
 * Our own list of what readers' words may not say on a public page (issue 45), beside the maintained `obscenity`
 * profanity list (words-filter.ts). npm has no maintained list of hate, harassment or self-harm phrases
 * (docs/libraries.md), so these are ours. Each entry is matched on the words' look-alike skeleton
 * (words-filter.ts: confusables, leetspeak, "ph"/"ck", doubled letters and spaced or dotted letters folded), as
 * whole words, so "k1ll a11 j3ws", "g.a.s the jews" and "ｈｅｉｌ ｈｉｔｌｅｒ" are the entries below. What is refused
 * is a call to hate, never its history: "kill" alone, "nazi", "holocaust", "slavery", "suicide", "gay" are words of
 * real books ("a nazi hunter after the war", "holocaust survivor memoir", "suicide of a friend") and stay allowed.
 */

/**
 * Slurs: words whose only use is to demean people for their race, religion, origin, sexuality, gender or
 * disability. Refused wherever they stand. (Words with an innocent meaning, like "coon" for a raccoon or "paki"
 * inside "pakistan", are not here or match only as whole words.)
 */
export const SLURS = [
  'nigger',
  'niggers',
  'nigga',
  'niggas',
  'nigguh',
  'negroid',
  'sandnigger',
  'kike',
  'kikes',
  'kyke',
  'yid',
  'yids',
  'heeb',
  'heebs',
  'spic',
  'spics',
  'wetback',
  'wetbacks',
  'beaner',
  'beaners',
  'chink',
  'chinks',
  'gook',
  'gooks',
  'zipperhead',
  'raghead',
  'ragheads',
  'towelhead',
  'towelheads',
  'paki',
  'pakis',
  'faggot',
  'faggots',
  'fag',
  'fags',
  'tranny',
  'trannies',
  'shemale',
  'retard',
  'retards',
  'coons',
  'jigaboo',
  'porch monkey',
  'jungle bunny',
  'mudslime',
  'muzzie',
  'muzzies',
  'christ killers',
  'holohoax',
  'untermensch',
  'subhumans',
]

/**
 * The people hate is called against: a call to violence or a dehumanising word is refused when it names one of
 * them (DEHUMANISING and VIOLENCE below are written with `{group}`).
 */
export const GROUPS = [
  'jews',
  'jew',
  'jewish people',
  'the jews',
  'muslims',
  'muslim',
  'islam',
  'arabs',
  'blacks',
  'black people',
  'whites',
  'white people',
  'gays',
  'gay people',
  'homosexuals',
  'queers',
  'lesbians',
  'trans people',
  'trannies',
  'transgender people',
  'immigrants',
  'migrants',
  'refugees',
  'mexicans',
  'asians',
  'chinese',
  'women',
  'girls',
  'christians',
  'catholics',
  'hindus',
  'sikhs',
  'gypsies',
  'roma',
  'africans',
  'indians',
  'latinos',
  'disabled people',
  'the disabled',
  'foreigners',
  'negroes',
  'kikes',
  'niggers',
  'faggots',
]

/**
 * Calls to kill, gas or drive out a group: genocide and violence against people for who they are ("kill all jews",
 * "gas the jews", "death to muslims").
 */
export const VIOLENCE = [
  'kill {group}',
  'kill all {group}',
  'gas {group}',
  'gas all {group}',
  'death to {group}',
  'exterminate {group}',
  'exterminate all {group}',
  'hang {group}',
  'hang all {group}',
  'lynch {group}',
  'burn {group}',
  'shoot {group}',
  'nuke {group}',
  'genocide {group}',
  'eradicate {group}',
  'wipe out {group}',
  'purge {group}',
  '{group} must die',
  '{group} should die',
  '{group} deserve to die',
  '{group} should be killed',
  '{group} should be gassed',
  '{group} to the gas chambers',
  '{group} into the ovens',
  'i hate {group}',
  'hate {group}',
]

/** Dehumanisation: a group called vermin, animals, parasites or a disease, the language that comes before violence. */
export const DEHUMANISING = [
  '{group} are vermin',
  '{group} are animals',
  '{group} are parasites',
  '{group} are rats',
  '{group} are cockroaches',
  '{group} are roaches',
  '{group} are subhuman',
  '{group} are not human',
  '{group} are apes',
  '{group} are monkeys',
  '{group} are pigs',
  '{group} are dogs',
  '{group} are a disease',
  '{group} are a plague',
  '{group} are a cancer',
  '{group} are filth',
  '{group} are scum',
  '{group} are evil',
  '{group} are inferior',
  '{group} are savages',
  'vermin {group}',
  'subhuman {group}',
  'filthy {group}',
  'dirty {group}',
]

/**
 * Extremist slogans and denial: neo-Nazi and white-supremacist watchwords (the ADL's hate symbols database lists
 * them: "14 words", "1488", "rahowa") and the denial of the Holocaust. A book about them is named otherwise
 * ("the rise of the third reich", "holocaust denial on trial").
 */
export const EXTREMIST = [
  'heil hitler',
  'sieg heil',
  'hail hitler',
  'white power',
  'white pride world wide',
  'white genocide',
  '14 words',
  'fourteen words',
  '14 88',
  '1488',
  'rahowa',
  'racial holy war',
  'race war now',
  'blood and soil',
  'jews will not replace us',
  'you will not replace us',
  'nazis did nothing wrong',
  'hitler did nothing wrong',
  'hitler was right',
  'the holocaust never happened',
  'holocaust never happened',
  'holocaust is a lie',
  'holocaust was a lie',
  'holocaust is a hoax',
  'six million lies',
  'day of the rope',
  'gas chambers were fake',
  'white lives only',
  'zionist occupied government',
  'zog',
  'total nigger death',
  'kill the kikes',
  'gas the kikes',
  'death to israel',
  'death to america',
]

/** Harassment: telling someone to kill or hurt themselves ("go kill yourself", "kys"). */
export const HARASSMENT = [
  'kill yourself',
  'go kill yourself',
  'kys',
  'kill urself',
  'kill ur self',
  'go die',
  'go and die',
  'you should die',
  'i hope you die',
  'hang yourself',
  'neck yourself',
  'rope yourself',
  'drink bleach',
  'end yourself',
  'nobody would miss you',
  'you deserve to die',
  'unalive yourself',
  'slit your wrists',
]

/**
 * Self-harm encouragement and instructions: a page of "books about" them would send a person at risk to a list.
 * A book about grief after a suicide ("suicide of a friend") is not this.
 */
export const SELF_HARM = [
  'how to kill myself',
  'how to kill yourself',
  'ways to kill myself',
  'ways to kill yourself',
  'how to commit suicide',
  'best way to commit suicide',
  'painless suicide',
  'suicide methods',
  'suicide method',
  'best way to die',
  'how to self harm',
  'self harm tips',
  'cutting tips',
  'cut yourself',
  'cut myself',
  'pro ana',
  'proana',
  'thinspiration',
  'thinspo',
  'pro mia',
  'how to starve myself',
  'how to overdose',
  'overdose on purpose',
  'i want to kill myself',
  'i want to die',
]

/**
 * Look-alike spellings of profanity that the `obscenity` list does not fold ("phuck" is "fuck" said aloud). Matched
 * on the skeleton, where "ph" is "f" and "ck" is "k", so one entry covers "phuck", "fuk" and "phuk".
 */
export const PROFANITY_LOOKALIKES = [
  'fuck',
  'fucking',
  'fucker',
  'fuckers',
  'motherfucker',
  'fucked',
  'fucks',
  'shit',
]
