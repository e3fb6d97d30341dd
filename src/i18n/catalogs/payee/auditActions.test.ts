import { checkTranslations } from './checkTranslations.ts'
import de from './business/auditActions/de.ts'
import en from './business/auditActions/en.ts'
import es from './business/auditActions/es.ts'
import fr from './business/auditActions/fr.ts'
import ja from './business/auditActions/ja.ts'
import ptBR from './business/auditActions/pt-BR.ts'

checkTranslations('audit actions', { en, es, de, fr, 'pt-BR': ptBR, ja })
