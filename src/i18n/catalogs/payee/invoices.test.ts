import { checkTranslations } from './checkTranslations.ts'
import de from './invoices/de.ts'
import en from './invoices/en.ts'
import es from './invoices/es.ts'
import fr from './invoices/fr.ts'
import ja from './invoices/ja.ts'
import ptBR from './invoices/pt-BR.ts'

checkTranslations('invoices', { en, es, de, fr, 'pt-BR': ptBR, ja })
