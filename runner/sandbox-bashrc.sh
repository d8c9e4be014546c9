# Kiln sandbox shell (bash --rcfile). The OSC 654 markers let the web tier's shell session see when a
# command ended and with which code: see OSC_PROMPT / OSC_EXIT_PREFIX in protocol/runner.ts.
PS1='\[\033[1;34m\]\W\[\033[0m\] \$ '
HISTFILE=
__kiln_started=
__kiln_prompt_command() {
  local code=$?
  if [ -n "$__kiln_started" ]; then
    printf '\033]654;exit=%s:0\007' "$code"
  fi
  __kiln_started=1
  printf '\033]654;prompt\007'
}
PROMPT_COMMAND=__kiln_prompt_command
