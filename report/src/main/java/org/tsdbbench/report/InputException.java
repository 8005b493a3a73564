package org.tsdbbench.report;

/** Bad input to the report command (a missing folder, shards that do not belong together): one line, exit 2. */
final class InputException extends Exception {
    InputException(String message) {
        super(message);
    }
}
