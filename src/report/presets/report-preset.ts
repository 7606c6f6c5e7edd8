/**
 * The shape of a report preset: every word the report writes around the
 * survey's own texts. {name} placeholders are filled by the report; a phrase
 * with a count has one form per plural category of its language
 * (Intl.PluralRules: "one", "many", "other"; "other" when a category is missing).
 */
export interface PluralForms {
  one: string;
  many?: string;
  other: string;
}

export interface ReportPreset {
  page: {
    /** The browser tab: {title} is the survey's page title. */
    title: string;
    heading: string;
    /** {survey} is the survey's id, {date} when the report was made. */
    meta: string;
    filters: string;
    noFilters: string;
    since: string;
    /** --exclude-flagged: how many responses the quality flags left out. */
    flaggedExcluded: PluralForms;
    /** After a list of the newest texts: {count} more in the CSV. */
    more: string;
    /** A hidden field left empty. */
    noValue: string;
  };
  sections: { summary: string; dropOff: string; sources: string; endings: string; languages: string; privacy: string; perDay: string; questions: string };
  summary: { responses: string; visits: string; completionRate: string; medianTime: string; firstResponse: string; lastResponse: string };
  /** A survey with partialResponses: rows finished and not, and the median time on each question. */
  partial: { section: string; finished: string; unfinished: string; note: string; times: string; question: string; medianFinished: string; medianUnfinished: string };
  /** The survey's window and response limit (opensAt, closesAt, maxResponses). {from} and {until} are the phrases below. */
  campaign: {
    window: string;
    from: string;
    fromPublication: string;
    until: string;
    noClosing: string;
    /** {count} is the limit; limitReceived adds {received} (rows counted so far) and {share} of the limit. */
    limit: PluralForms;
    limitReceived: PluralForms;
    noLimit: string;
  };
  dropOff: {
    noVisits: string;
    /** {question} is the question's number and title. */
    biggestDrop: PluralForms;
    noDrop: string;
    step: string;
    visits: string;
    shareOfOpened: string;
    opened: string;
    submitted: string;
    caption: PluralForms;
  };
  /** Responses per ending, for a survey that lists endings. */
  endings: { ending: string; responses: string; share: string };
  /** Responses per language, for a survey in several languages. */
  languages: { language: string; responses: string; share: string };
  /** Consent versions and retention, for a survey that declares either. {days} is a number of days. */
  privacy: { version: string; responses: string; share: string; noConsent: string; responsesKept: string; responsesForever: string; eventsKept: string; eventsForever: string };
  sources: { none: string; visits: string; responses: string; completionRate: string; caption: string };
  /** {zone}: the survey's time zone, the one its days are counted in ("America/Sao_Paulo", "UTC-03:00", "UTC"). */
  perDay: { none: string; day: string; responses: string; caption: string };
  question: {
    answered: PluralForms;
    /** The results site without the personal-data grant: a personal question's answers are not shown. */
    restricted: string;
    /** A share link's number withheld to protect a small group (scripts/sql/share-links-sql.ts), and its n when that is withheld. */
    withheld: string;
    answeredWithheld: string;
    shareOfResponses: string;
    nobody: string;
    option: string;
    responses: string;
    share: string;
    shareMultiple: string;
    optionsCaption: PluralForms;
    otherAnswers: string;
    measure: string;
    value: string;
    mean: string;
    min: string;
    q1: string;
    median: string;
    q3: string;
    max: string;
    numericCaption: PluralForms;
    /** The Net Promoter Score table: its groups and the score. */
    promoters: string;
    passives: string;
    detractors: string;
    npsScore: string;
    /** A ranking's table: the mean place (1 is first) and how often first. */
    meanRank: string;
    firstPlaces: string;
    /** A date's table: the month. */
    month: string;
    notNumbers: PluralForms;
    noAnswers: string;
  };
  /** The terminal: the progress line while the report runs and the summary line per survey. */
  terminal: {
    readingVisits: string;
    readingResponses: string;
    /** {file} is being written. */
    writing: string;
    responses: PluralForms;
    visits: PluralForms;
    noVisits: string;
    /** {survey}: {responses}, {visits} → {html}, {csv} ({seconds}, {memory} MB). */
    summary: string;
    /** After Ctrl-C; {dir} is the output folder. */
    interrupted: string;
  };
}
