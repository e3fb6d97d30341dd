import { checkTranslations } from './checkTranslations.ts'
import de from './pos/de.ts'
import en from './pos/en.ts'
import es from './pos/es.ts'
import fr from './pos/fr.ts'
import ja from './pos/ja.ts'
import ptBR from './pos/pt-BR.ts'
import linkDe from '../payer/till/de.ts'
import linkEn from '../payer/till/en.ts'
import linkEs from '../payer/till/es.ts'
import linkFr from '../payer/till/fr.ts'
import linkJa from '../payer/till/ja.ts'
import linkPtBR from '../payer/till/pt-BR.ts'

checkTranslations('pos', { en, es, de, fr, 'pt-BR': ptBR, ja })
checkTranslations('till link', { en: linkEn, es: linkEs, de: linkDe, fr: linkFr, 'pt-BR': linkPtBR, ja: linkJa })
