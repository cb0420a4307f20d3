import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('login_failures')
export class LoginFailureEntity {
  @PrimaryColumn({ type: 'text' })
  scope!: string;

  @PrimaryColumn({ type: 'text' })
  login!: string;

  @Column({ type: 'integer', default: 0 })
  failures!: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'last_failure', type: 'timestamptz', default: () => 'now()' })
  lastFailure!: Date;
}
