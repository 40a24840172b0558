import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';

export const PASSWORD_REQUIRED = 'Password is required';
const MAX_PASSWORD_LENGTH = 1024;

export class LoginRequestDto {
  @ApiPropertyOptional({ description: 'Your e-mail address; without it, the password is the first owner’s (ADMIN_PASSWORD)' })
  @IsOptional()
  @ValidateBy({
    name: 'staffEmail',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= 254,
      defaultMessage: () => 'E-mail must be an e-mail address',
    },
  })
  email?: string;

  @ApiProperty({ description: 'Your password', example: 'correct horse battery staple' })
  @ValidateBy({
    name: 'adminPassword',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= MAX_PASSWORD_LENGTH,
      defaultMessage: (args) =>
        typeof args?.value === 'string' && args.value.length > MAX_PASSWORD_LENGTH ? 'Password is too long' : PASSWORD_REQUIRED,
    },
  })
  password!: string;

  @ApiPropertyOptional({ description: 'The 6-digit code from your authenticator app, or a recovery code (when two-factor codes are on)' })
  @IsOptional()
  @ValidateBy({
    name: 'twoFactorCode',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= 32,
      defaultMessage: () => 'Code must be the 6 digits from your app or a recovery code',
    },
  })
  code?: string;
}

export class LoginResponseDto {
  @ApiProperty({ description: 'Bearer token for /api/admin/* requests' })
  token!: string;

  @ApiProperty({ description: 'When the token stops working (ISO-8601)' })
  expiresAt!: string;
}

export class VerifyResponseDto {
  @ApiProperty({ example: true })
  ok!: true;
}
