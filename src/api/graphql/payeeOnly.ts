import { ForbiddenError } from '../../domain/errors/access.ts'
import type { UseCase } from '../../merchants/business/useCase.ts'
import type { ApiContext } from './context.ts'

/**
 * What a use case shows the signed-in business beside an object anyone may see (a schedule's payer
 * e-mail, a request's prepared refunds): null for a visitor, and for a role the use case refuses.
 */
export async function payeeOnly<S extends { db: ApiContext['db'] }, I, R>(
  ctx: ApiContext,
  useCase: UseCase<S, I, R>,
  services: S,
  input: I,
): Promise<R | null> {
  if (!(await ctx.session())) return null
  try {
    return await useCase(await ctx.actor(), services, input)
  } catch (error) {
    if (error instanceof ForbiddenError) return null
    throw error
  }
}
