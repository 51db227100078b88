// The benchmark routes as Nest controllers. `api` is the global prefix and
// `v1` the URI version of the status route (see main.ts), as in tether's
// bench/tether.toml.
import { Body, Controller, Get, Header, Param, ParseIntPipe, Post } from '@nestjs/common';
import { MessageDto, NewUserDto, PLAINTEXT, StatusDto, UserDto } from './dto';

@Controller()
export class BenchController {
  @Get('plaintext')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  plaintext(): string {
    return PLAINTEXT;
  }

  @Get('json')
  json(): MessageDto {
    return new MessageDto(PLAINTEXT);
  }

  @Get('users/:id')
  user(@Param('id', ParseIntPipe) id: number): UserDto {
    return new UserDto(id);
  }

  @Post('users')
  create(@Body() user: NewUserDto): NewUserDto {
    return user;
  }
}

@Controller({ path: 'status', version: '1' })
export class StatusController {
  @Get()
  status(): StatusDto {
    return new StatusDto();
  }
}
