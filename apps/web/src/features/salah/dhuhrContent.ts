/**
 * The Dhuhr text of each tab. Each tab shows its own language whatever language the app is
 * in (the spec's EN, AR and HI tabs), so these are content, not interface texts; the tabs'
 * labels are interface texts (salah.json `tabs`), in the app's language.
 */
export const dhuhrTabs = [
  {
    id: 'en',
    lang: 'en',
    dir: 'ltr',
    title: 'Dhuhr, the midday prayer',
    description:
      'Dhuhr is the second of the five daily prayers. Its time begins just after the sun passes its highest point at midday and lasts until the time of Asr. It is four rak‘ahs of obligatory (fard) prayer. On a long drive, a few quiet minutes for Dhuhr are a chance to rest, remember Allah and return to the road refreshed.',
  },
  {
    id: 'ar',
    lang: 'ar',
    dir: 'rtl',
    title: 'صلاة الظهر',
    description:
      'الظهر هي الصلاة الثانية من الصلوات الخمس المفروضة في اليوم. يبدأ وقتها بعد زوال الشمس عن وسط السماء، ويمتد حتى دخول وقت العصر. وهي أربع ركعات فرض. وفي الطريق الطويل، تكون دقائق صلاة الظهر فرصة للراحة وذكر الله، ثم العودة إلى الطريق بنشاط.',
  },
  {
    id: 'hi',
    lang: 'hi',
    dir: 'ltr',
    title: 'ज़ुहर की नमाज़',
    description:
      'ज़ुहर दिन की पाँच फ़र्ज़ नमाज़ों में से दूसरी नमाज़ है। इसका वक़्त दोपहर में सूरज के ढलना शुरू होने के बाद शुरू होता है और अस्र का वक़्त आने तक रहता है। इसमें चार रकअत फ़र्ज़ हैं। लंबे सफ़र में ज़ुहर के कुछ शांत मिनट आराम करने, अल्लाह को याद करने और ताज़गी के साथ फिर सड़क पर लौटने का मौक़ा देते हैं।',
  },
] as const;

export type DhuhrTabId = (typeof dhuhrTabs)[number]['id'];

/** Spec 001: the HI tab is shown first. */
export const defaultDhuhrTab: DhuhrTabId = 'hi';
