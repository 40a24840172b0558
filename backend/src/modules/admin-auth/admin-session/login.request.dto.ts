import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';

export const PASSWORD_REQUIRED = 'Password is required';
const MAX_PASSWORD_LENGTH = 1024;

export class LoginRequestDto {
  @ApiProperty({ description: 'The admin password', example: 'correct horse battery staple' })
  @ValidateBy({
    name: 'adminPassword',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= MAX_PASSWORD_LENGTH,
      defaultMessage: (args) =>
        typeof args?.value === 'string' && args.value.length > MAX_PASSWORD_LENGTH ? 'Password is too long' : PASSWORD_REQUIRED,
    },
  })
  password!: string;
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
