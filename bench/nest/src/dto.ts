// The payloads, as a Nest user writes them: classes, with class-validator
// rules for the body (what serde's types check on the Rust side).
import { IsInt, IsString, Max, Min } from 'class-validator';

export const PLAINTEXT = 'Hello, World!';

/** `GET /api/json`. */
export class MessageDto {
  constructor(public message: string) {}
}

/** `GET /api/users/:id`. */
export class UserDto {
  id: number;
  name: string;
  email: string;

  constructor(id: number) {
    this.id = id;
    this.name = 'Ada Lovelace';
    this.email = 'ada@example.com';
  }
}

/** `POST /api/users`: validated, then echoed back with 201. */
export class NewUserDto {
  @IsString()
  name!: string;

  @IsString()
  email!: string;

  @IsInt()
  @Min(0)
  @Max(4294967295)
  age!: number;
}

/** `GET /api/v1/status`. */
export class StatusDto {
  status = 'ok';
  version = 1;
}
