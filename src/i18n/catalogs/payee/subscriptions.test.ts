import { checkTranslations } from './checkTranslations.ts'
import de from './subscriptions/de.ts'
import en from './subscriptions/en.ts'
import es from './subscriptions/es.ts'
import fr from './subscriptions/fr.ts'
import ja from './subscriptions/ja.ts'
import ptBR from './subscriptions/pt-BR.ts'

checkTranslations('subscriptions', { en, es, de, fr, 'pt-BR': ptBR, ja })
