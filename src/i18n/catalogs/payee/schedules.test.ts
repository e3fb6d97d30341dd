import { checkTranslations } from './checkTranslations.ts'
import de from './schedules/de.ts'
import en from './schedules/en.ts'
import es from './schedules/es.ts'
import fr from './schedules/fr.ts'
import ja from './schedules/ja.ts'
import ptBR from './schedules/pt-BR.ts'

checkTranslations('schedules', { en, es, de, fr, 'pt-BR': ptBR, ja })
