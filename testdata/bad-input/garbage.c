Notes from the bring-up meeting, Tuesday

The board came back from the fab with the wrong crystal, so the UART
runs at roughly 97% of the nominal rate. Marta thinks we can trim it in
the bootloader; Ivo would rather respin. Nobody wrote anything down
about the wait queue problem in the ADC driver except that it "sleeps
forever sometimes" when the conversion finishes early, and that
someone should look at interruptible_sleep_on before the next release.

Action items:
  - order the right crystals (Marta)
  - ask the vendor whether sleep_on_timeout is still supported (Ivo)
  - figure out why add_wait_queue shows up in the oops (everyone)

Lunch was fine. The coffee machine is still broken.
