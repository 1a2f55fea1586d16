"""phone alarm APIs: create, update (including enabling and disabling) and show."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.base import Api, TokenArgs
from sandbox.apps.phone.state import Alarm, PhoneState, Weekday, alarm_time, week_order
from sandbox.apps.phone.views import alarm_view, no_changes, own_alarm
from sandbox.apps.world import Call


class CreateAlarmArgs(TokenArgs):
    """Arguments of create_alarm."""

    time: str = Field(description="Time of day, HH:MM (24-hour), e.g. 06:45.")
    repeat_days: list[Weekday] | None = Field(default=None, description="Lower-case weekdays it repeats on.")
    label: str | None = Field(default=None, description="Label, e.g. 'Gym'.")
    enabled: bool = Field(default=True, description="Whether the alarm is on.")
    snooze_minutes: int = Field(default=15, ge=0, description="Snooze length in minutes (0: no snooze).")
    vibration: bool = Field(default=True, description="Whether it vibrates.")


def create_alarm(args: CreateAlarmArgs, call: Call) -> dict[str, Any]:
    """Create an alarm."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    alarm_id = state.next_id("alarm")
    state.alarms[alarm_id] = Alarm(
        alarm_id=alarm_id,
        owner=user.username,
        time=alarm_time(args.time),
        repeat_days=week_order(args.repeat_days or []),
        label=args.label,
        enabled=args.enabled,
        snooze_minutes=args.snooze_minutes,
        vibration=args.vibration,
        created_at=call.now,
    )
    return {"message": "Alarm created successfully.", "alarm_id": alarm_id}


class UpdateAlarmArgs(TokenArgs):
    """Arguments of update_alarm (None leaves a field unchanged)."""

    alarm_id: int = Field(description="Id of the alarm to change.")
    time: str | None = Field(default=None, description="New time, HH:MM (24-hour).")
    repeat_days: list[Weekday] | None = Field(default=None, description="New repeat days ([] : no repeat).")
    label: str | None = Field(default=None, description="New label.")
    enabled: bool | None = Field(default=None, description="Turn the alarm on (true) or off (false).")
    snooze_minutes: int | None = Field(default=None, ge=0, description="New snooze minutes (0: no snooze).")
    vibration: bool | None = Field(default=None, description="Turn vibration on or off.")


def update_alarm(args: UpdateAlarmArgs, call: Call) -> dict[str, str]:
    """Change fields of an alarm, e.g. enable or disable it."""
    user = call.user(args.access_token)
    state = call.state(PhoneState)
    alarm = own_alarm(state, user, args.alarm_id)
    values = args.model_dump(exclude={"access_token", "alarm_id"}, exclude_none=True)
    no_changes(args.model_dump(exclude={"access_token", "alarm_id"}))
    if args.time is not None:
        values["time"] = alarm_time(args.time)
    if args.repeat_days is not None:
        values["repeat_days"] = week_order(args.repeat_days)
    state.alarms[alarm.alarm_id] = alarm.model_copy(update=values)
    return {"message": "Alarm updated successfully."}


class ShowAlarmArgs(TokenArgs):
    """Arguments of show_alarm."""

    alarm_id: int = Field(description="Id of the alarm.")


def show_alarm(args: ShowAlarmArgs, call: Call) -> dict[str, Any]:
    """One alarm."""
    user = call.user(args.access_token)
    return alarm_view(own_alarm(call.state(PhoneState), user, args.alarm_id), user)


APIS: list[Api[Any]] = [
    Api("create_alarm", "Create an alarm on your phone.", CreateAlarmArgs, create_alarm),
    Api(
        "update_alarm",
        "Change an alarm: time, repeat days, label, on/off, snooze, vibration.",
        UpdateAlarmArgs,
        update_alarm,
    ),
    Api("show_alarm", "Show one of your alarms.", ShowAlarmArgs, show_alarm),
]
