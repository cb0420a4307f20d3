import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { authenticator } from 'otplib';
import { Repository } from 'typeorm';
import { CommonException, InvalidReason } from '@tessera/http';
import { SecretCipher } from '../../../platform/secret-cipher';
import { AuditActor, AuditTrail } from '../../audit';
import { ApiUserEntity } from '../entities/api-user.entity';

const ISSUER = 'Tessera';
/** otplib's default step. */
const TOTP_STEP_SECONDS = 30;
/** One step either side: an authenticator whose clock is up to 30 s off still signs in. */
authenticator.options = { window: 1, step: TOTP_STEP_SECONDS };

export interface SecondFactorEnrolment {
  secret: string;
  /** For the QR code an authenticator app scans. */
  otpauthUrl: string;
}

/**
 * Operators' optional second factor: a TOTP key per API user, stored encrypted. Enrolling writes a
 * key that is not yet in force; it counts from the moment the user proves, with a code, that their
 * authenticator has it, so a half-finished enrolment never locks anyone out.
 */
@Injectable()
export class OperatorSecondFactorService {
  constructor(
    @InjectRepository(ApiUserEntity) private readonly users: Repository<ApiUserEntity>,
    private readonly cipher: SecretCipher,
    private readonly audit: AuditTrail,
  ) {}

  /** A new key for the signed-in operator (`actor`), replacing any other; not in force until confirmed. */
  async enrol(actor: AuditActor & { userId: string }): Promise<SecondFactorEnrolment> {
    const secret = authenticator.generateSecret();
    return this.audit.audited(actor, async (m) => {
      // A new key would put the one in force out of it: a stolen sign-in could drop the second factor
      // that way. Removing it takes a code from it; an owner resets a lost one.
      const current = await m.findOne(ApiUserEntity, { where: { id: actor.userId }, lock: { mode: 'pessimistic_write' } });
      if (current?.totpConfirmedAt)
        throw CommonException.invalid(
          'second_factor',
          InvalidReason.NotAllowedValue,
          'A second factor is already in force: remove it with a code from it first (or ask an owner to reset it)',
        );
      await m.update(
        ApiUserEntity,
        { id: actor.userId },
        { totpSecret: this.cipher.encrypt(secret), totpConfirmedAt: null, totpLastStep: null },
      );
      const value = { secret, otpauthUrl: authenticator.keyuri(actor.name, ISSUER, secret) };
      return { value, targetType: 'api_user', targetId: actor.userId, after: { second_factor: 'enrolling' } };
    });
  }

  /** Puts the enrolled key in force; the code must come from it. */
  async confirm(actor: AuditActor & { userId: string }, code: string): Promise<void> {
    if (!(await this.verify(actor.userId, code, { pending: true }))) throw wrongCode();
    await this.audit.audited(actor, async (m) => {
      await m.update(ApiUserEntity, { id: actor.userId }, { totpConfirmedAt: new Date() });
      return { value: undefined, targetType: 'api_user', targetId: actor.userId, after: { second_factor: true } };
    });
  }

  /** Removes the signed-in operator's second factor; they prove they hold it. */
  async remove(actor: AuditActor & { userId: string }, code: string): Promise<void> {
    if (!(await this.verify(actor.userId, code))) throw wrongCode();
    await this.audit.audited(actor, async (m) => {
      await m.update(ApiUserEntity, { id: actor.userId }, { totpSecret: null, totpConfirmedAt: null, totpLastStep: null });
      return {
        value: undefined,
        targetType: 'api_user',
        targetId: actor.userId,
        before: { second_factor: true },
        after: { second_factor: false },
      };
    });
  }

  /**
   * Whether the code is the key's for now (a step either side) and its step was not used before: the
   * step is taken in the same statement that checks it, so two sign-ins with one code cannot both pass.
   */
  async verify(userId: string, code: string, { pending = false } = {}): Promise<boolean> {
    const user = await this.users.createQueryBuilder('u').addSelect('u.totpSecret').where('u.id = :userId', { userId }).getOne();
    if (!user?.totpSecret || (!pending && !user.totpConfirmedAt)) return false;
    const delta = authenticator.checkDelta(code.trim(), this.cipher.decrypt(user.totpSecret));
    if (delta === null) return false;
    const step = Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS) + delta;
    const taken = await this.users
      .createQueryBuilder()
      .update()
      .set({ totpLastStep: String(step) })
      .where('user_id = :userId AND (totp_last_step IS NULL OR totp_last_step < :step)', { userId, step })
      .execute();
    return (taken.affected ?? 0) > 0;
  }
}

function wrongCode(): CommonException {
  return CommonException.invalid('totp_code', InvalidReason.NotAllowedValue, 'The code does not match the authenticator key');
}
