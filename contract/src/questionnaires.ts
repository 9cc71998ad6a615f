import { z } from 'zod';
import { idSchema, listQuerySchema, numeric } from './common.js';
import type { Localized } from './locales.js';
import type { MessageKey, MessageParams } from './messages.js';

// The questionnaire (SPEC §3, DOMAIN §6): 12 sections, each a list of questions, defined once here
// for the API (validation of corrections) and the web (labels, inputs).

/** The customer's gender a question or section is asked of: 1 men, 2 women (the customer's `gender`). */
export type AskedOf = 1 | 2;

type QuestionBase = { key: string; label: Localized; askedOf?: AskedOf };
export type Question = QuestionBase &
  (
    | { type: 'yesNo' }
    | { type: 'choice'; options: { value: string; label: Localized }[] }
    | { type: 'text'; maxLength: number }
    | { type: 'number'; min: number; max: number; unit?: string }
  );

export type QuestionnaireSection = {
  key: string;
  label: Localized;
  askedOf?: AskedOf;
  questions: Question[];
};

/** Whether a customer of `gender` (1 male, 2 female) is asked the section or question: gynaecology and pregnancy only women, the prostate only men. */
export const isAskedOf = (item: { askedOf?: AskedOf }, gender: number) =>
  item.askedOf === undefined || item.askedOf === gender;

const yesNo = (key: string, cs: string, en: string): Question => ({ key, type: 'yesNo', label: { cs, en } });
const text = (key: string, cs: string, en: string, maxLength = 1000): Question => ({
  key,
  type: 'text',
  label: { cs, en },
  maxLength,
});
const num = (key: string, cs: string, en: string, min: number, max: number, unit?: string): Question => ({
  key,
  type: 'number',
  label: { cs, en },
  min,
  max,
  ...(unit ? { unit } : {}),
});
const choice = (key: string, cs: string, en: string, options: [string, string, string][]): Question => ({
  key,
  type: 'choice',
  label: { cs, en },
  options: options.map(([value, ocs, oen]) => ({ value, label: { cs: ocs, en: oen } })),
});

const relatives: [string, string, string][] = [
  ['none', 'Nikdo', 'Nobody'],
  ['mother', 'Matka', 'Mother'],
  ['father', 'Otec', 'Father'],
  ['both', 'Oba rodiče', 'Both parents'],
  ['unknown', 'Nevím', "Don't know"],
];

export const questionnaireSections: QuestionnaireSection[] = [
  {
    key: 'personalInformation',
    label: { cs: 'Osobní údaje', en: 'Personal information' },
    questions: [
      num('height', 'Výška', 'Height', 50, 250, 'cm'),
      num('weight', 'Hmotnost', 'Weight', 2, 300, 'kg'),
      choice('smoking', 'Kouření', 'Smoking', [
        ['never', 'Nikdy', 'Never'],
        ['former', 'Bývalý kuřák', 'Former smoker'],
        ['current', 'Kuřák', 'Smoker'],
      ]),
      choice('physicalActivity', 'Pohybová aktivita', 'Physical activity', [
        ['low', 'Nízká', 'Low'],
        ['moderate', 'Střední', 'Moderate'],
        ['high', 'Vysoká', 'High'],
      ]),
      text('occupation', 'Povolání', 'Occupation', 200),
    ],
  },
  {
    key: 'personalAnamnesis',
    label: { cs: 'Osobní anamnéza', en: 'Personal anamnesis' },
    questions: [
      yesNo(
        'chronicDisease',
        'Léčíte se s chronickým onemocněním?',
        'Are you treated for a chronic disease?',
      ),
      text('chronicDiseaseDetail', 'Jakým?', 'Which one?'),
      yesNo('regularMedication', 'Užíváte pravidelně léky?', 'Do you take medication regularly?'),
      text('medication', 'Které léky?', 'Which medication?'),
      yesNo('allergies', 'Máte alergie?', 'Do you have allergies?'),
    ],
  },
  {
    key: 'cardiovascular',
    label: { cs: 'Kardiovaskulární onemocnění', en: 'Cardiovascular' },
    questions: [
      yesNo('hypertension', 'Vysoký krevní tlak', 'High blood pressure'),
      yesNo('thrombosis', 'Prodělaná trombóza nebo embolie', 'Past thrombosis or embolism'),
      yesNo('heartAttack', 'Infarkt myokardu', 'Heart attack'),
      yesNo('highCholesterol', 'Zvýšený cholesterol', 'High cholesterol'),
    ],
  },
  {
    key: 'gynecology',
    label: { cs: 'Gynekologie', en: 'Gynecology' },
    askedOf: 2,
    questions: [
      yesNo('hormonalContraception', 'Hormonální antikoncepce', 'Hormonal contraception'),
      num('firstMenstruationAge', 'Věk první menstruace', 'Age at first menstruation', 7, 25),
      yesNo('menopause', 'Menopauza', 'Menopause'),
      text('gynecologicalDiseases', 'Gynekologická onemocnění', 'Gynecological diseases'),
    ],
  },
  {
    key: 'pregnancy',
    label: { cs: 'Těhotenství', en: 'Pregnancy' },
    askedOf: 2,
    questions: [
      num('pregnancies', 'Počet těhotenství', 'Number of pregnancies', 0, 20),
      num('miscarriages', 'Počet potratů', 'Number of miscarriages', 0, 20),
      yesNo('planningPregnancy', 'Plánujete těhotenství?', 'Are you planning a pregnancy?'),
      yesNo('pregnancyComplications', 'Komplikace v těhotenství', 'Complications in pregnancy'),
    ],
  },
  {
    key: 'gastroDisorders',
    label: { cs: 'Trávicí potíže', en: 'Gastro disorders' },
    questions: [
      yesNo('lactoseIntolerance', 'Nesnášenlivost laktózy', 'Lactose intolerance'),
      yesNo('celiacDisease', 'Celiakie', 'Celiac disease'),
      yesNo('ibd', 'Crohnova choroba nebo ulcerózní kolitida', "Crohn's disease or ulcerative colitis"),
      text('otherGastro', 'Jiné trávicí potíže', 'Other digestive problems'),
    ],
  },
  {
    key: 'neurodegenerative',
    label: { cs: 'Neurodegenerativní onemocnění', en: 'Neurodegenerative' },
    questions: [
      yesNo('alzheimerInFamily', 'Alzheimerova choroba v rodině', "Alzheimer's disease in the family"),
      yesNo('parkinsonInFamily', 'Parkinsonova choroba v rodině', "Parkinson's disease in the family"),
      yesNo('memoryProblems', 'Potíže s pamětí', 'Memory problems'),
    ],
  },
  {
    key: 'parentsAnamnesis',
    label: { cs: 'Anamnéza rodičů', en: 'Parents anamnesis' },
    questions: [
      choice('diabetesParents', 'Cukrovka u rodičů', 'Diabetes in parents', relatives),
      choice('cancerParents', 'Nádorové onemocnění u rodičů', 'Cancer in parents', relatives),
      choice('heartDiseaseParents', 'Srdeční onemocnění u rodičů', 'Heart disease in parents', relatives),
      text('parentsNote', 'Poznámka', 'Note'),
    ],
  },
  {
    key: 'parentsFamily',
    label: { cs: 'Rodina rodičů', en: "Parents' family" },
    questions: [
      yesNo('grandparentsCancer', 'Nádorové onemocnění u prarodičů', 'Cancer in grandparents'),
      yesNo('grandparentsHeart', 'Srdeční onemocnění u prarodičů', 'Heart disease in grandparents'),
      text('familyNote', 'Jiná onemocnění v rodině', 'Other diseases in the family'),
    ],
  },
  {
    key: 'siblingsAndChildren',
    label: { cs: 'Sourozenci a děti', en: 'Siblings and children' },
    questions: [
      num('siblings', 'Počet sourozenců', 'Number of siblings', 0, 30),
      num('children', 'Počet dětí', 'Number of children', 0, 30),
      yesNo(
        'hereditaryDisease',
        'Dědičné onemocnění u sourozenců nebo dětí',
        'Hereditary disease in siblings or children',
      ),
      text('hereditaryDiseaseDetail', 'Jaké?', 'Which?'),
    ],
  },
  {
    key: 'otherDiseases',
    label: { cs: 'Jiná onemocnění', en: 'Other diseases' },
    questions: [
      yesNo('diabetes', 'Cukrovka', 'Diabetes'),
      yesNo('thyroid', 'Onemocnění štítné žlázy', 'Thyroid disease'),
      yesNo('cancer', 'Nádorové onemocnění', 'Cancer'),
      text('otherDiseasesDetail', 'Jiná onemocnění', 'Other diseases'),
    ],
  },
  {
    key: 'urology',
    label: { cs: 'Urologie', en: 'Urology' },
    questions: [
      { ...yesNo('prostate', 'Onemocnění prostaty', 'Prostate disease'), askedOf: 1 },
      yesNo('kidneyStones', 'Ledvinové kameny', 'Kidney stones'),
      text('urologyNote', 'Jiné urologické potíže', 'Other urological problems'),
    ],
  },
];

export const questionnaireSectionKeys = questionnaireSections.map((s) => s.key);

export const questionnaireSection = (key: string) => questionnaireSections.find((s) => s.key === key);

export type AnswerValue = string | number | boolean | null;
export type SectionAnswers = Record<string, AnswerValue>;

/** An answer given: null, missing and an empty text are no answer. */
export const isAnswered = (value: AnswerValue | undefined) =>
  value !== null && value !== undefined && value !== '';

/** Whether a section holds any answer. */
export const sectionAnswered = (answers: SectionAnswers) => Object.values(answers).some(isAnswered);

/**
 * Checks a section's answers against its questions: no unknown question, none the customer of
 * `gender` is not asked, the right type, a choice among the options, numbers in range, texts not too
 * long. null clears an answer (even one not asked). Errors are keyed by question.
 */
export function checkSectionAnswers(
  sectionKey: string,
  answers: Record<string, unknown>,
  gender: number,
):
  | { ok: true; value: SectionAnswers }
  | { ok: false; errors: Record<string, { key: MessageKey; params?: MessageParams }> } {
  const section = questionnaireSection(sectionKey);
  if (!section) return { ok: false, errors: { Section: { key: 'unknownQuestionnaireSection' } } };
  const errors: Record<string, { key: MessageKey; params?: MessageParams }> = {};
  const value: SectionAnswers = {};
  for (const [key, answer] of Object.entries(answers)) {
    const question = section.questions.find((q) => q.key === key);
    if (!question) {
      errors[key] = { key: 'unknownQuestion' };
      continue;
    }
    if (answer === null || answer === undefined) {
      value[key] = null;
      continue;
    }
    if (!isAskedOf(section, gender) || !isAskedOf(question, gender)) {
      errors[key] = { key: 'questionNotAskedOfGender' };
      continue;
    }
    switch (question.type) {
      case 'yesNo':
        if (typeof answer !== 'boolean') errors[key] = { key: 'invalidAnswer' };
        break;
      case 'choice':
        if (typeof answer !== 'string' || !question.options.some((o) => o.value === answer))
          errors[key] = { key: 'invalidAnswer' };
        break;
      case 'text':
        if (typeof answer !== 'string' || answer.length > question.maxLength)
          errors[key] = { key: 'invalidAnswer' };
        break;
      case 'number':
        if (typeof answer !== 'number' || !Number.isFinite(answer)) errors[key] = { key: 'invalidAnswer' };
        else if (answer < question.min || answer > question.max)
          errors[key] = { key: 'answerOutOfRange', params: { min: question.min, max: question.max } };
        break;
    }
    if (!errors[key]) value[key] = typeof answer === 'string' ? answer.trim() : (answer as AnswerValue);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}

export const questionnaireSummarySchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerFullName: z.string(),
  customerEmail: z.string(),
  /** Sections with at least one answer. */
  sectionsFilled: z.number().int(),
  filledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type QuestionnaireSummary = z.infer<typeof questionnaireSummarySchema>;

const answerValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const questionnaireSchema = questionnaireSummarySchema.extend({
  customerUnderage: z.boolean(),
  /** 1 male, 2 female: which sections and questions they are asked (`isAskedOf`). */
  customerGender: z.number().int(),
  /** Every section in order, with its answers (question key → value; missing = not answered). */
  sections: z.array(z.object({ section: z.string(), answers: z.record(z.string(), answerValueSchema) })),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

export const questionnaireSortFields = ['customerFullName', 'filledAt', 'updatedAt'] as const;
export const questionnaireListQuerySchema = listQuerySchema.extend({
  customerId: numeric(z.number().int().positive()).optional(),
});
export type QuestionnaireListQuery = z.infer<typeof questionnaireListQuerySchema>;

export const questionnaireIdQuerySchema = z.object({ Id: idSchema });

/** `PATCH admin/questionnaires/section`: one section's answers replace the section's. */
export const correctQuestionnaireSectionRequestSchema = z.object({
  QuestionnaireId: idSchema,
  Section: z
    .string({ error: 'required' })
    .refine((v) => questionnaireSectionKeys.includes(v), 'unknownQuestionnaireSection'),
  Answers: z.record(z.string(), z.unknown(), { error: 'invalidAnswer' }),
});
export type CorrectQuestionnaireSectionRequest = z.infer<typeof correctQuestionnaireSectionRequestSchema>;
