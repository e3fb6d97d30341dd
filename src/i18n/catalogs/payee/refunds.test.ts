import { checkTranslations } from './checkTranslations.ts'
import de from './refunds/de.ts'
import en from './refunds/en.ts'
import es from './refunds/es.ts'
import fr from './refunds/fr.ts'
import ja from './refunds/ja.ts'
import ptBR from './refunds/pt-BR.ts'

checkTranslations('refunds', { en, es, de, fr, 'pt-BR': ptBR, ja })
