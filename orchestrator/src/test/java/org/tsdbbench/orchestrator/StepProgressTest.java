package org.tsdbbench.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The once-a-minute progress line of a running step, read from its log: the step's own time left
 * counted down while its line stands, else a rate per counter of one kind (answer checks, then
 * queries), never one kind's rate applied to the other.
 */
class StepProgressTest {

    private static final long START = 1_000_000_000_000L;

    private static long at(long seconds) {
        return START + TimeUnit.SECONDS.toNanos(seconds);
    }

    private static void append(Path log, String line) throws Exception {
        Files.writeString(log, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void theStepsOwnTimeLeftIsCountedDownFromWhenItsLineAppeared(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("cassandra.log");
        StepRunner.Progress progress = new StepRunner.Progress("cassandra", log, 0, START);
        assertEquals("cassandra: running for 1 min", progress.line(at(60)));

        append(log, "# query 4/12: q3.count.p100; about 1 h 05 min left by the answer checks' times");
        assertEquals("cassandra: query 4/12: q3.count.p100 (10 min so far, about 1 h 05 min left)", progress.line(at(600)));
        // Twenty minutes into that query (a slow aggregate), its line still stands: 45 minutes left, not 65.
        assertEquals("cassandra: query 4/12: q3.count.p100 (30 min so far, about 45 min left)", progress.line(at(1800)));
        // Past the step's estimate the line says a minute, never a time below zero.
        assertEquals("cassandra: query 4/12: q3.count.p100 (1 h 40 min so far, about 1 min left)", progress.line(at(6000)));

        append(log, "# query 5/12: q4.count.p100; about 30 min left by the answer checks' times");
        assertEquals("cassandra: query 5/12: q4.count.p100 (1 h 41 min so far, about 30 min left)", progress.line(at(6060)));
    }

    @Test
    void withoutTheStepsEstimateEachKindOfCounterHasItsOwnRate(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("mysql.log");
        StepRunner.Progress progress = new StepRunner.Progress("mysql", log, 0, START);
        append(log, "# answer check 1/149: q1.g0");
        assertEquals("mysql: answer check 1/149: q1.g0 (1 min so far)", progress.line(at(60)));
        append(log, "# answer check 11/149: q2.count.p10");
        // 10 checks in 60 s: 6 s each, 139 to go with this one: 834 s.
        assertEquals("mysql: answer check 11/149: q2.count.p10 (2 min so far, about 14 min left)", progress.line(at(120)));

        // The measured runs start: the checks' rate says nothing about them.
        append(log, "# write cell 1/4: multirow 100 rows x 1 client");
        assertEquals("mysql: write cell 1/4: multirow 100 rows x 1 client (3 min so far)", progress.line(at(180)));
        append(log, "# write cell 2/4: multirow 100 rows x 2 clients");
        assertEquals("mysql: write cell 2/4: multirow 100 rows x 2 clients (5 min so far, about 6 min left)", progress.line(at(300)));
    }
}
