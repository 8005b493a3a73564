package org.tsdbbench.common.iot;

import java.nio.file.Path;

/** A TSBS IoT file that cannot be read as such; the message is one line naming the file, the line and the problem. */
public final class IotFileException extends org.tsdbbench.common.data.DataFileException {
    private static final long serialVersionUID = 1L;

    public IotFileException(Path file, long line, String problem) {
        super(file, line, problem);
    }

    public IotFileException(Path file, String problem) {
        super(file, problem);
    }
}
