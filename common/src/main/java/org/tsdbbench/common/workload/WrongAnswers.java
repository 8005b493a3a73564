package org.tsdbbench.common.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The wrong answers a measured query gave, one line each ({@code <query id>: what differed}), in a
 * file the step names: a wrong answer in a JMH iteration is the database's answer, which the step
 * must report as such, while JMH only prints the iteration's exception and may even report the
 * iterations before it as the benchmark's result.
 */
public final class WrongAnswers {

    private WrongAnswers() {
    }

    /** Appends one mismatch ({@link org.tsdbbench.common.query.Answer.Check#mismatch}, which starts with the query id). */
    static synchronized void append(Path log, String mismatch) {
        try {
            Files.writeString(log, mismatch.replace('\n', ' ') + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record a wrong answer in " + log, e);
        }
    }

    /** The wrong answers of query {@code id} in the log, in the order they came; none when there is no log. */
    public static List<String> of(Path log, String id) throws IOException {
        if (!Files.exists(log)) return List.of();
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith(id + ": ")).toList();
    }
}
