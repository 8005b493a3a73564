package org.tsdbbench.orchestrator;

/** Bad input to a command (a flag, a folder, a module that is not there): one line, exit 2. */
final class UsageException extends Exception {
    UsageException(String message) {
        super(message);
    }
}
