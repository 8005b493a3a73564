package org.tsdbbench.common.cli;

/** Bad input from the user (flag, file, server address): one line on stderr and exit code 2. */
public final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
